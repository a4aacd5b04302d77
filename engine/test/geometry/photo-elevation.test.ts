/**
 * The single-photo elevation cues on drawn silhouettes: a round-based can seen orthographically from a
 * known angle (its ends are half-ellipses of ratio sin φ), and shapes whose round ends are their own
 * shape (a ball, an egg) or that the cue must not read (a can tipped over).
 */
import { describe, expect, it } from 'vitest';
import {
  capCues,
  decideElevation,
  type ElevationCue,
  type GridFrame,
} from '../../src/geometry/photo-elevation.ts';

const W = 160;
/** A grid that fills a photo as wide as it, centred: rays through it are all but level at 1000 mm. */
const TELE: GridFrame = { cell: 1, y0: 0, imageWidth: W, imageHeight: W };
const FAR = { focal35: 100_000 };

/** An upright can of half-width a and wall height h seen from `deg` above (orthographic), in a W² grid. */
function can(deg: number, a = 40, wall = 70): Uint8Array {
  const b = a * Math.sin((deg * Math.PI) / 180);
  const inside = new Uint8Array(W * W);
  const top = 80 - wall / 2;
  const bottom = 80 + wall / 2;
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < W; x++) {
      const u = (x + 0.5 - 80) / a;
      const py = y + 0.5;
      if (Math.abs(u) > 1) continue;
      const rim = b * Math.sqrt(1 - u * u);
      if (py >= top - rim && py <= bottom + rim) inside[y * W + x] = 1;
    }
  }
  return inside;
}

function blob(rx: number, ry: number): Uint8Array {
  const inside = new Uint8Array(W * W);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++)
      if (((x + 0.5 - 80) / rx) ** 2 + ((y + 0.5 - 80) / ry) ** 2 <= 1) inside[y * W + x] = 1;
  return inside;
}

describe('single-photo elevation', () => {
  it('reads a can seen from 5°, 15° and 28° above from its base and top within 3°', () => {
    for (const deg of [5, 15, 28]) {
      const cues = capCues(can(deg), W, W, TELE, FAR);
      expect(cues.map((c) => c.kind).sort(), `${deg}°`).toEqual(['base', 'top']);
      const r = decideElevation(cues, { ...FAR, steepest: 40 });
      expect(r.source).toBe('estimated');
      expect(Math.abs(r.degrees - deg), `${deg}° read as ${r.degrees}`).toBeLessThan(3);
    }
  });

  it('keeps the prior for a ball, an egg and a can lying on its side', () => {
    const lying = can(20);
    const turned = new Uint8Array(W * W);
    for (let y = 0; y < W; y++) for (let x = 0; x < W; x++) turned[x * W + y] = lying[y * W + x];
    for (const [name, inside] of [
      ['ball', blob(50, 50)],
      ['egg', blob(45, 65)],
      ['lying can', turned],
    ] as const) {
      const r = decideElevation(capCues(inside, W, W, TELE, FAR), FAR);
      expect(r.source, name).toBe('prior');
      expect(r.degrees, name).toBe(15);
    }
  });

  it('takes off the ray angle: a base low in a close photo is seen more from above', () => {
    // The can's base sits 60 cells below the centre of a 160-pixel photo: at 30 mm that ray is ~20° down.
    const cues = capCues(can(35), W, W, TELE, { focal35: 30 });
    const base = cues.find((c) => c.kind === 'base');
    expect(base).toBeDefined();
    expect(base!.degrees).toBeLessThan(25);
  });

  it('leaves the prior when the cues disagree, and lets a sure cue settle an ambiguous one', () => {
    const cue = (kind: ElevationCue['kind'], degrees: number, alternative?: number): ElevationCue => ({
      kind,
      degrees,
      halfWidth: 20,
      ...(alternative !== undefined ? { alternative } : {}),
    });
    expect(decideElevation([cue('base', 5), cue('top', 28)]).source).toBe('prior');
    expect(decideElevation([cue('top', 25, 6)]).source).toBe('prior');
    expect(decideElevation([cue('top', 25)]).source).toBe('prior');
    const settled = decideElevation([cue('base', 8), cue('top', 25, 6)]);
    expect(settled.source).toBe('estimated');
    expect(settled.degrees).toBeCloseTo(7, 5);
    expect(decideElevation([cue('base', 60)]).source).toBe('prior');
    expect(decideElevation([cue('base', 8)], { enabled: false }).degrees).toBe(15);
    // Steeper than the lift follows: the prior.
    expect(decideElevation([cue('base', 24)]).source).toBe('prior');
    expect(decideElevation([cue('base', 24)], { steepest: 30 }).degrees).toBe(24);
  });
});
