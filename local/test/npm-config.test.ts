// The repository's npm configuration: npm itself knows every key of .npmrc (no "Unknown project config"
// warning on every command), and onnxruntime-node's install script, which would download CUDA binaries
// on Linux x64, is denied through package.json's allowScripts (npm 11.16+).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../src/db/migrate.ts';

test('npm warns about nothing in the project config', () => {
  const out = execFileSync('npm', ['config', 'get', 'fund'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(out.trim()).toBe('false');
  const stderr = execFileSync('sh', ['-c', 'npm config get audit 2>&1 >/dev/null'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  expect(stderr).not.toMatch(/Unknown project config/);
});

test("onnxruntime-node's install script is denied; the scripts we need are allowed", () => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  expect(pkg.allowScripts).toEqual({ deno: true, esbuild: true, 'onnxruntime-node': false });
});
