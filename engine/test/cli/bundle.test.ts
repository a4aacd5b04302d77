/**
 * img3d runs from a prebuilt bundle of its sources (bin/cli-bundle.js). The bundle must behave exactly
 * as the sources do, and must never run stale: a changed source makes the next call build it again.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { figure, png } from '../support/synthetic.ts';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/img3d.js');
const dir = mkdtempSync(join(tmpdir(), 'lift3d-cli-bundle-'));
// Inside the checkout's node_modules, as the real cache is: the bundle's package imports resolve from there.
const cacheRoot = resolve(import.meta.dirname, '../../node_modules/.cache');
mkdirSync(cacheRoot, { recursive: true });
const cache = mkdtempSync(join(cacheRoot, 'img3d-test-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

function img3d(args: string[]) {
  return run(process.execPath, [BIN, ...args], { env: { ...process.env, IMG3D_CACHE_DIR: cache } });
}

interface Record {
  bundle: string;
  inputs: { [path: string]: [number, number] };
}
const record = () => JSON.parse(readFileSync(join(cache, 'inputs.json'), 'utf8')) as Record;

describe('img3d from its bundle', () => {
  it('writes the same files as the sources, builds once, and rebuilds when a source changes', async () => {
    const photo = join(dir, 'a.png');
    writeFileSync(photo, await png(figure(200)));
    const err: string[] = [];
    const io = { stdout: () => {}, stderr: (s: string) => err.push(s) };
    expect(await runCli([photo, '-o', join(dir, 'sources.glb')], io)).toBe(0);

    const first = await img3d([photo, '-o', join(dir, 'bundle.glb')]);
    expect(first.stdout.trim()).toBe(join(dir, 'bundle.glb'));
    expect(readFileSync(join(dir, 'bundle.glb')).equals(readFileSync(join(dir, 'sources.glb')))).toBe(true);
    // Same progress lines, apart from the timing at the end.
    const untimed = (s: string) => s.replace(/\d+ ms$/m, '');
    expect(untimed(first.stderr)).toBe(untimed(err.join('')));
    const built = record();
    expect(Object.keys(built.inputs)).toContain(resolve(import.meta.dirname, '../../src/cli/main.ts'));
    const bundlePath = join(cache, built.bundle);
    const builtAt = statSync(bundlePath).mtimeMs;

    // A second call runs the kept bundle.
    await img3d([photo, '-o', join(dir, 'again.glb')]);
    expect(statSync(bundlePath).mtimeMs).toBe(builtAt);
    expect(readFileSync(join(dir, 'again.glb')).equals(readFileSync(join(dir, 'sources.glb')))).toBe(true);

    // A source that no longer matches its record (as after an edit) makes the next call build again.
    const main = resolve(import.meta.dirname, '../../src/cli/main.ts');
    const stale = { ...built, inputs: { ...built.inputs, [main]: [1, 0] } };
    writeFileSync(join(cache, 'inputs.json'), JSON.stringify(stale));
    await img3d([photo, '-o', join(dir, 'rebuilt.glb')]);
    expect(record().inputs[main]).toEqual(built.inputs[main]);
    expect(readFileSync(join(dir, 'rebuilt.glb')).equals(readFileSync(join(dir, 'sources.glb')))).toBe(true);
    expect(readdirSync(cache).filter((f) => f.startsWith('cli-'))).toEqual([built.bundle]);
  });

  it('fails as the sources do: exit code 1, one line', async () => {
    const bad = join(dir, 'bad.png');
    writeFileSync(bad, 'not an image');
    const fail = await img3d([bad]).catch((e: { code: number; stderr: string }) => e);
    expect((fail as { code: number }).code).toBe(1);
    expect((fail as { stderr: string }).stderr.trim().split('\n').at(-1)).toMatch(/not a supported image/);
  });
});
