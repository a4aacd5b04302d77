/**
 * Single-photo elevation end to end: a figure on a round pedestal (made for this test, never used to
 * tune the estimator) photographed by a 35 mm perspective camera from 5° and from 25° above. The engine
 * reads the angle from the photo instead of assuming 15° (at 25°, steeper than the lift follows, it reads
 * it and keeps the prior), records it, stands the model upright within 5°, and the upright model is no
 * further from the truth (levelled by the true angle) than with the prior.
 */
import { describe, expect, it } from 'vitest';
import { leanFromVertical } from '../../bench/support/lean.ts';
import { normaliseUnitDiagonal, rng, sampleSurface, score } from '../../bench/support/metrics.ts';
import { capsule, ellipsoid, revolve, sphere } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { renderTruth } from '../../bench/support/truth.ts';
import { type ConvertResult, createEngine } from '../../src/index.ts';
import { applyLevel, levelTransform } from '../../src/pipeline/level.ts';
import { png } from '../support/synthetic.ts';

const STONE: [number, number, number] = [150, 150, 145];
const COAT: [number, number, number] = [120, 40, 50];
const SKIN: [number, number, number] = [225, 185, 150];

const figureOnPedestal: Shape = {
  name: 'figure on a pedestal',
  parts: [
    revolve(
      [0, -0.5, 0],
      [0, 1, 0],
      [
        [0, 0],
        [0.2, 0],
        [0.2, 0.24],
        [0, 0.24],
      ],
      STONE,
    ),
    capsule([-0.05, -0.25, 0], [-0.05, 0.02, 0], 0.045, COAT),
    capsule([0.05, -0.25, 0], [0.05, 0.02, 0], 0.045, COAT),
    ellipsoid([0, 0.16, 0], [0.12, 0.17, 0.08], COAT),
    capsule([-0.14, 0.27, 0], [-0.17, 0.03, 0.03], 0.035, COAT),
    capsule([0.14, 0.27, 0], [0.17, 0.03, 0.03], 0.035, COAT),
    sphere([0, 0.42, 0], 0.075, SKIN),
  ],
};

function uprightChamfer(r: ConvertResult, truth: Float32Array): number {
  return score(normaliseUnitDiagonal(sampleSurface(r.mesh.positions, r.mesh.indices, 8000, rng(11))), truth)
    .chamfer;
}

describe('single-photo elevation', () => {
  const engine = createEngine();
  for (const pitch of [5, 25]) {
    it(`reads ${pitch}° from the photo, stands the figure within 5° of +Y, no worse than the prior`, async () => {
      const truth = renderTruth(figureOnPedestal, 8000, { yaw: 20, pitch, focal35: 35 });
      const levelled = normaliseUnitDiagonal(applyLevel(truth.points, levelTransform(truth.points, pitch)));
      const bytes = await png(truth.image);
      const r = await engine.convert(bytes, { topology: 'low' });
      expect(r.stats.elevation.cues.some((c) => c.kind === 'base')).toBe(true);
      if (pitch < 15) {
        expect(r.stats.elevation.source).toBe('estimated');
        expect(Math.abs(r.stats.level.elevationDeg - pitch)).toBeLessThan(5);
      } else {
        // Read, but steeper than the lift follows (photo-elevation.ts, `steepest`): the prior is used.
        expect(r.stats.elevation.source).toBe('prior');
        expect(r.stats.elevation.cues.find((c) => c.kind === 'base')!.degrees).toBeGreaterThan(15);
      }
      expect(r.stats.elevation.degrees).toBe(r.stats.level.elevationDeg);
      expect(leanFromVertical(r.mesh.positions, r.mesh.indices)).toBeLessThan(5);

      const prior = await engine.convert(bytes, { topology: 'low', elevation: { enabled: false } });
      expect(prior.stats.elevation.source).toBe('prior');
      expect(prior.stats.level.elevationDeg).toBe(15);
      expect(uprightChamfer(r, levelled)).toBeLessThanOrEqual(uprightChamfer(prior, levelled) * 1.02);
    });
  }
});
