// Starts the server the browser tests run against. Until the local stack lands this serves the built SPA
// with `vite preview`; afterwards it starts the real local stack in a throw-away DATA_DIR.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = process.env.PORT ?? '3100';
const stack = 'local/src/main.ts';
const child = existsSync(stack)
  ? spawn('npx', ['tsx', stack], { stdio: 'inherit', env: { ...process.env, PORT: port } })
  : spawn('npx', ['vite', 'preview', '--port', port, '--strictPort', '--host', '127.0.0.1'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
