/**
 * Where a fault test's time goes: named phases and how long each took, printed as one line when the test
 * ends (passed or not), so a slow CI run shows which wait grew.
 */
export interface Phases {
  /** Ends the current phase under `name`. */
  mark(name: string): void;
  /** One line: the total and each phase in seconds. */
  summary(): string;
}

export function phases(label: string): Phases {
  const start = Date.now();
  let last = start;
  const rows: string[] = [];
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return {
    mark(name) {
      const now = Date.now();
      rows.push(`${name} ${seconds(now - last)} s`);
      last = now;
    },
    summary: () => `${label}: ${seconds(Date.now() - start)} s (${rows.join(', ')})`,
  };
}
