/**
 * `npm test`: the whole suite, in the order that fails fastest. Types and lint (Biome and knip), then every
 * Vitest project (unit, engine, local stack incl. SQL rules and the api function under Deno, worker), then
 * the browser journeys with Playwright against a freshly built SPA on the real local stack.
 * Prints one closing line: "N passed, N failed".
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string;
  args: string[];
}

const only = process.argv.slice(2);
const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
  { name: 'build', command: 'npx', args: ['vite', 'build'] },
  { name: 'e2e', command: 'npx', args: ['playwright', 'test'] },
].filter((step) => only.length === 0 || only.includes(step.name));

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${step.name}: ${step.command} ${step.args.join(' ')}`);
    const child = spawn(step.command, step.args, {
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    child.on('close', (code) => {
      console.log(
        `=== ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      resolve(code ?? 1);
    });
  });
}

let passed = 0;
let failed = 0;
const failures: string[] = [];
for (const step of steps) {
  // Browser tests need the build; skip them when it failed rather than report a confusing second failure.
  if (step.name === 'e2e' && failures.includes('build')) {
    failed++;
    failures.push('e2e (skipped: build failed)');
    continue;
  }
  if ((await run(step)) === 0) passed++;
  else {
    failed++;
    failures.push(step.name);
  }
}
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntest: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
