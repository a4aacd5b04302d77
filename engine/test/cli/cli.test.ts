import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { runCli } from '../../src/cli/main.ts';
import { figure, png } from '../support/synthetic.ts';

const dir = mkdtempSync(join(tmpdir(), 'lift3d-cli-'));
const ROOT = resolve(import.meta.dirname, '../../..');

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) }, out, err };
}

describe('img3d arguments', () => {
  it('parses the DESIGN §5 form', () => {
    expect(
      parseArgs(['a.png', 'b.jpg', '--out-dir', 'o', '--format', 'fbx', '--topology', 'high', '--video']),
    ).toMatchObject({
      inputs: ['a.png', 'b.jpg'],
      outDir: 'o',
      format: 'fbx',
      topology: 'high',
      video: true,
    });
    expect(parseArgs(['a.png', '-o', 'x.stl']).format).toBe('stl');
    expect(parseArgs(['a.png', '-o', 'x.zip']).format).toBe('obj');
    expect(parseArgs(['a.png', '-o', 'x.stl', '--flat-base', '0']).flatBaseMm).toBe(0);
    expect(parseArgs(['a.png', '-o', 'x.stl']).flatBaseMm).toBeUndefined(); // the exporter's 3 mm
    expect(parseArgs(['a.png', '-o', 'x.usdz']).format).toBe('usdz');
    expect(parseArgs(['a.png', '-o', 'x.3mf']).format).toBe('3mf');
    expect(parseArgs(['a.png', '--format', '3mf', '--flat-base', '3'])).toMatchObject({
      format: '3mf',
      flatBaseMm: 3,
    });
  });

  it('rejects contradictions with a reason', () => {
    expect(() => parseArgs(['a.png', 'b.png', '-o', 'x.glb'])).toThrow(/--out-dir/);
    expect(() => parseArgs(['a.png', '--format', 'dae'])).toThrow(/unknown format/);
    expect(() => parseArgs(['a.png', '--topology', 'mid'])).toThrow(/low or high/);
    expect(() => parseArgs([])).toThrow(/no input/);
    expect(() => parseArgs(['a.png', '--flat-base', '12'])).toThrow(/between 0 and 10/);
    expect(() => parseArgs(['a.png', '--flat-base', 'thick'])).toThrow(/between 0 and 10/);
  });

  it('says exactly what is wrong, in the order given', () => {
    const reason = (argv: string[]) => {
      try {
        parseArgs(argv);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(reason(['a.png', '--out'])).toBe('img3d: --out needs a value (see img3d --help)');
    expect(reason(['a.png', '-o', '--video'])).toBe('img3d: -o needs a value (see img3d --help)');
    expect(reason(['a.png', '--shiny'])).toBe("img3d: unknown option '--shiny' (see img3d --help)");
    expect(reason(['a.png', '-x'])).toBe("img3d: unknown option '-x' (see img3d --help)");
    expect(reason(['a.png', '--video=yes'])).toBe('img3d: --video takes no value (see img3d --help)');
    expect(reason(['--format', 'dae', '--topology', 'mid'])).toBe(
      "img3d: unknown format 'dae'; use glb, gltf, obj, fbx, stl, usdz, 3mf (see img3d --help)",
    );
    expect(reason(['a.png', '-o', 'x.glb', '--out-dir', 'o'])).toBe(
      'img3d: use either -o or --out-dir, not both (see img3d --help)',
    );
    expect(reason(['a.png', '-o', 'x.dae'])).toBe(
      "img3d: cannot tell the format from 'x.dae'; add --format (see img3d --help)",
    );
    expect(reason(['-h'])).toBe('accepted');
  });

  it('takes values inline too, and - as an input', () => {
    expect(parseArgs(['--format=stl', '--out-dir=o', '-', '--right=r.png'])).toMatchObject({
      inputs: ['-'],
      format: 'stl',
      outDir: 'o',
      views: { right: 'r.png' },
    });
  });
});

describe('img3d run', () => {
  it('converts several inputs with one engine, progress on stderr, files on stdout', async () => {
    const a = join(dir, 'a.png');
    const b = join(dir, 'b.png');
    writeFileSync(a, await png(figure(256)));
    writeFileSync(b, await png(figure(200)));
    const { io, out, err } = capture();
    const code = await runCli([a, b, '--out-dir', join(dir, 'out'), '--format', 'obj'], io);
    expect(code).toBe(0);
    expect(out.join('')).toContain(join(dir, 'out', 'a.zip'));
    expect(existsSync(join(dir, 'out', 'b.zip'))).toBe(true);
    expect(err.join('')).toMatch(/a: geometry/);
  });

  it('-o name.obj writes the OBJ, MTL and PNG side by side', async () => {
    const a = join(dir, 'a.png');
    const { io } = capture();
    expect(await runCli([a, '-o', join(dir, 'single', 'thing.obj')], io)).toBe(0);
    for (const f of ['thing.obj', 'thing.mtl', 'thing.png'])
      expect(existsSync(join(dir, 'single', f))).toBe(true);
    expect(readFileSync(join(dir, 'single', 'thing.obj'), 'utf8')).toContain('mtllib thing.mtl');
  });

  it('fails with exit code 1 and one line on a bad input', async () => {
    const bad = join(dir, 'bad.png');
    writeFileSync(bad, 'not an image');
    const { io, err } = capture();
    expect(await runCli([bad], io)).toBe(1);
    expect(err.join('').trim().split('\n').at(-1)).toMatch(/not a supported image/);
  });

  it('works as `npx img3d` from the repository root', async () => {
    const run = promisify(execFile);
    const help = await run('npx', ['img3d', '--help'], { cwd: ROOT });
    expect(help.stdout).toMatch(/^Usage: img3d INPUT/);
    const out = join(dir, 'npx.glb');
    const res = await run('npx', ['img3d', join(dir, 'a.png'), '-o', out], { cwd: ROOT });
    expect(res.stdout.trim()).toBe(out);
    expect(readFileSync(out).subarray(0, 4).toString()).toBe('glTF');
    const fail = await run('npx', ['img3d', join(dir, 'bad.png')], { cwd: ROOT }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((fail as { code: number }).code).toBe(1);
  });
});
