/**
 * What `npm test` prints about a failed step just above its timing table: the lines that name a failing test
 * and its error. CI shows only the end of a long log, so without this the cause of a red run scrolls away
 * with the step's own summary thousands of lines earlier.
 */

/** Lines worth repeating: Playwright's "✘"/"1) [chromium] ›", Vitest's "FAIL"/"×", and error messages. */
const SIGNAL =
  /(✘|×|\bFAIL\b|^\s*\d+\) \[|Error\b|AssertionError|expect\(|Expected|Received|Timed? ?out|timeout|flaky)/i;

/** Passing tests (✓) and the stacks' own logs ([WebServer] …, [mail] …). */
const NOISE = /✓|^\s*\[(WebServer|mail|worker|db)\]/;

export interface DigestOptions {
  /** Most lines kept per step: the first ones, where the first failure is told in full. */
  maxLines: number;
  /** Longer lines are cut, so one stack dump cannot fill the screen. */
  maxLineLength: number;
}

const DIGEST_DEFAULTS: DigestOptions = { maxLines: 40, maxLineLength: 240 };

export function failureDigest(lines: readonly string[], options: Partial<DigestOptions> = {}): string[] {
  const { maxLines, maxLineLength } = { ...DIGEST_DEFAULTS, ...options };
  const picked: string[] = [];
  const seen = new Set<string>();
  for (const raw of lines) {
    const line = raw.trimEnd();
    // A passing test's name or a server's log line can say "error" or "timeout" too; neither is the cause.
    if (NOISE.test(line) || !SIGNAL.test(line) || seen.has(line)) continue;
    seen.add(line);
    picked.push(line.length > maxLineLength ? `${line.slice(0, maxLineLength)}…` : line);
    if (picked.length === maxLines) break;
  }
  // Nothing matched (a crash before any test ran): the step's last lines say what happened.
  return picked.length ? picked : lines.slice(-Math.min(maxLines, 15)).map((l) => l.slice(0, maxLineLength));
}
