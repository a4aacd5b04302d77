/**
 * A GLB this engine exported earlier, read back for rendering (the turntable of a model that already
 * exists). Our exports are in the output frame already (upright, on y = 0, centred), so nothing is moved,
 * simplified or repaired: the video shows exactly the model the owner downloads.
 */
import type { TexturedModel } from '../types.ts';
import { type ReadGlbOptions, readSourceGlb } from './read-glb.ts';

export async function readStoredModel(
  bytes: Uint8Array,
  options: Partial<ReadGlbOptions> = {},
): Promise<TexturedModel> {
  const source = await readSourceGlb(bytes, options);
  return {
    mesh: { positions: source.positions, uvs: source.uvs, indices: source.indices },
    texture: source.texture,
  };
}
