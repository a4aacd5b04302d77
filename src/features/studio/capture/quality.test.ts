import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, test } from 'vitest';
import { checkShot, outlineOf, type Pixels } from './quality';

const SAMPLES = join(import.meta.dirname, '../../../../public/samples');

/** A sample photo as a camera would give it: opaque, 720 px on its longer side, optionally blurred or dimmed. */
async function shot(name: string, edit: (s: Sharp) => Sharp = (s) => s): Promise<Pixels> {
  const base = sharp(join(SAMPLES, name))
    .flatten({ background: '#d8d4cc' })
    .resize(720, 720, { fit: 'inside' });
  const { data, info } = await edit(base).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('checkShot', () => {
  const names = ['demo-1.png', 'demo-2.png', 'demo-3.png', 'demo-4.png', 'demo-10.png'];

  test.each(names)('%s as taken passes', async (name) => {
    const report = checkShot(await shot(name));
    expect(report.problem, JSON.stringify(report)).toBeNull();
  });

  test.each(names)('%s blurred is refused as blurred', async (name) => {
    const report = checkShot(await shot(name, (s) => s.blur(4)));
    expect(report.problem, JSON.stringify(report)).toBe('blurred');
    expect(report.message).toMatch(/blurred.*retake/i);
  });

  test('a dim shot is too dark, a washed-out one too bright', async () => {
    expect(checkShot(await shot('demo-1.png', (s) => s.linear(0.12, 0))).problem).toBe('dark');
    expect(checkShot(await shot('demo-1.png', (s) => s.linear(0.2, 225))).problem).toBe('bright');
  });

  test('the measure does not depend on the camera resolution', async () => {
    const small = checkShot(await shot('demo-2.png'));
    const big = checkShot(await shot('demo-2.png', (s) => s.resize(1440, 1440, { fit: 'inside' })));
    expect(Math.abs(small.blur - big.blur)).toBeLessThan(0.1);
  });
});

test('the outline marks edges only', async () => {
  const p = await shot('demo-1.png');
  const outline = outlineOf(p);
  let marked = 0;
  for (let i = 3; i < outline.data.length; i += 4) if (outline.data[i] > 0) marked++;
  const share = marked / (p.width * p.height);
  expect(share).toBeGreaterThan(0.005);
  expect(share).toBeLessThan(0.3);
});
