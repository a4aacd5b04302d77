/** The table `npm test` ends with: each step's wall and CPU time, and the run's own wall time. */
export interface StepTiming {
  name: string;
  ok: boolean;
  wallSeconds: number;
  /** User + system time of the step's process tree; null when it could not be read. */
  cpuSeconds: number | null;
}

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export function formatTable(steps: StepTiming[], totalWallSeconds: number): string {
  const rows = steps.map((s) => [
    s.name,
    s.ok ? 'passed' : 'FAILED',
    minutes(s.wallSeconds),
    s.cpuSeconds === null ? '?' : minutes(s.cpuSeconds),
  ]);
  const cpu = steps.reduce((sum, s) => sum + (s.cpuSeconds ?? 0), 0);
  rows.push(['total (steps run at once overlap)', '', minutes(totalWallSeconds), minutes(cpu)]);
  const header = ['step', 'result', 'wall', 'cpu'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return ['timing', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
