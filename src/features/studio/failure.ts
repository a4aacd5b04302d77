/**
 * Why a generation failed, as far as the user is concerned: their input (corrupt, no subject, too large,
 * unsafe SVG — the engine's own message says what to do) or our side (the spec's "Servers are busy").
 *
 * notes: the worker stores the engine's message for input problems, prefixed with the engine step that
 * refused it ("decode: …", "isolate: …"); failures on our side are the worker's and the database's own
 * sentences, which never carry such a prefix.
 */
export type Failure =
  | { kind: 'input'; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'server' };

// cancel_generation's own sentences (the owner's or an administrator's cancel): neither a fault nor input.
const CANCELLED = /^Cancelled( by an administrator)?\./;

const ENGINE_STEP = /^([a-z][a-z-]*): (.+)$/s;

export function classifyFailure(error: string | null | undefined): Failure {
  if (error && CANCELLED.test(error.trim())) return { kind: 'cancelled', message: error.trim() };
  const match = error ? ENGINE_STEP.exec(error.trim()) : null;
  if (!match) return { kind: 'server' };
  const text = match[2].trim();
  return { kind: 'input', message: text.charAt(0).toUpperCase() + text.slice(1) };
}

/** HTTP statuses with which the api refuses the upload itself (bad, too large or unprocessable input). */
export const INPUT_REFUSED_STATUSES: ReadonlySet<number> = new Set([400, 413, 415, 422]);
