/** A converted model's vertices back in the front photo's camera frame, where the tests compare silhouettes. */
import type { ConvertResult } from '../../src/index.ts';
import { unlevel } from '../../src/pipeline/level.ts';

export function cameraFrame(result: ConvertResult): Float32Array {
  return unlevel(result.mesh.positions, result.stats.level);
}
