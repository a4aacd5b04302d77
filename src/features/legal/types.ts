/** Legal documents are data: one layout (LegalPage) renders every one of them. */
export type LegalBlock = string | { list: readonly string[] };

interface LegalSection {
  title: string;
  body: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** One or two sentences above the text: what the document is about, in plain words. */
  summary: string;
  /** The day this text last changed (YYYY-MM-DD): set by hand with every change of its wording. */
  updated: string;
  sections: readonly LegalSection[];
}

/**
 * Stands for the price of a conversion in a legal text. The price lives in the database (an admin changes it),
 * so the documents never carry a number: LegalPage writes the live one in its place.
 */
export const COST = '{cost}';

export function withCost(text: string, cost: string): string {
  return text.replaceAll(COST, cost);
}
