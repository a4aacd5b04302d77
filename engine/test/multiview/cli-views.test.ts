import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { box, sphere } from '../../bench/support/primitives.ts';
import { renderViews } from '../../bench/support/views.ts';
import { parseArgs } from '../../src/cli/args.ts';
import { runCli } from '../../src/cli/main.ts';
import { png } from '../support/synthetic.ts';

const dir = mkdtempSync(join(tmpdir(), 'lift3d-cli-views-'));

describe('img3d with extra views', () => {
  it('parses --right, --back and --left for one front photo and refuses them with several', () => {
    expect(parseArgs(['f.png', '--back', 'b.png', '--left', 'l.png']).views).toEqual({
      back: 'b.png',
      left: 'l.png',
    });
    expect(() => parseArgs(['f.png', 'g.png', '--right', 'r.png'])).toThrow(/one front photo/);
    expect(() => parseArgs(['f.png', '--back'])).toThrow(/needs a value/);
  });

  it('converts a front and a back photo into one model and prints the mismatch warning', async () => {
    const crate = renderViews(
      { name: 'crate', parts: [box([0, 0, 0], [0.3, 0.4, 0.15], [210, 180, 120])] },
      16,
      {
        yaw: 0,
        pitch: 0,
      },
    );
    const ball = renderViews({ name: 'ball', parts: [sphere([0, 0, 0], 0.4, [40, 60, 220])] }, 16, {
      yaw: 0,
      pitch: 0,
    });
    writeFileSync(join(dir, 'front.png'), await png(crate.front));
    writeFileSync(join(dir, 'back.png'), await png(ball.back));
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) };
    const code = await runCli(
      [join(dir, 'front.png'), '--back', join(dir, 'back.png'), '-o', join(dir, 'm.glb')],
      io,
    );
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'm.glb'))).toBe(true);
    expect(err.join('')).toContain(
      "front: The back photo did not match the front's colours; it was not used.",
    );
  });
});
