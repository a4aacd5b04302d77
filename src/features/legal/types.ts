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
  sections: readonly LegalSection[];
}
