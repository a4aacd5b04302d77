/** Silhouette agreement between a converted model's front view and a reference mask. */
import type { ConvertResult, RgbaImage } from '../../src/index.ts';
import { maskFromAlpha } from '../../src/isolate/alpha.ts';
import { cameraFrame } from './frames.ts';
import { rasterise } from './raster.ts';

/** Front-view coverage of the model in the input image's pixel grid vs the alpha mask. */
export function silhouetteIoU(result: ConvertResult, image: RgbaImage): number {
  const { unitsPerPixel: u, centrePx } = result.stats.frame;
  const centre: [number, number, number] = [
    (image.width / 2 - centrePx[0]) * u,
    -(image.height / 2 - centrePx[1]) * u,
    0,
  ];
  const { coverage } = rasterise(
    { ...result.mesh, positions: cameraFrame(result) },
    {
      yaw: 0,
      pitch: 0,
      width: image.width,
      height: image.height,
      extent: image.height * u,
      centre,
    },
  );
  const mask = maskFromAlpha(image);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < coverage.length; i++) {
    const m = mask[i] >= 0.5;
    const c = coverage[i] === 1;
    if (m && c) inter++;
    if (m || c) union++;
  }
  return inter / union;
}
