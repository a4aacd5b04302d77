/**
 * A service's materials → our one-texture layout: each material is one square tile of a horizontal strip
 * (read-glb.ts moves each primitive's UVs into its tile). The base colour always; the metal-rough and
 * normal maps too when any material of the file has one (Meshy's and Tripo's PBR output), in the same
 * layout so the one set of UVs maps all three. A material without a map of a kind fills its tile with
 * what its factors say (glTF: a missing texture is white times the factor; a missing normal map is flat).
 */
import type { Material } from '@gltf-transform/core';
import sharp from 'sharp';
import { EngineError } from '../errors.ts';
import type { MaterialMaps, RgbaImage } from '../types.ts';

interface StripOptions {
  /** Side of each tile (shrunk so the strip stays within 8192 pixels). */
  tileSize: number;
  /** Largest decoded texture (pixels) accepted from the file. */
  maxTexturePixels: number;
}

/** One material's contribution to one strip: its image (if any) and how its bytes become ours. */
interface Layer {
  image: Uint8Array | null;
  /** Colour of the tile where the material has no image (0..255). */
  fill: [number, number, number];
  /** The three channel bytes after the material's factors. */
  pixel: (r: number, g: number, b: number) => [number, number, number];
}

const FLAT_NORMAL: [number, number, number] = [128, 128, 255];

export async function materialStrips(
  tiles: Material[],
  opts: StripOptions,
): Promise<{ texture: RgbaImage; maps?: MaterialMaps }> {
  const count = Math.max(1, tiles.length);
  const side = Math.max(16, Math.min(opts.tileSize, Math.floor(8192 / count)));
  const base = tiles.map((m): Layer => {
    // The base-colour factor multiplies the texture (glTF), in linear space; sRGB bytes are close enough
    // for the factors generation services write (1 or a flat colour).
    const k = m
      .getBaseColorFactor()
      .slice(0, 3)
      .map((c) => Math.min(1, Math.max(0, c)) ** (1 / 2.2));
    return {
      image: m.getBaseColorTexture()?.getImage() ?? null,
      fill: [255, 255, 255],
      pixel: (r, g, b) => [r * k[0], g * k[1], b * k[2]],
    };
  });
  const texture = await strip(base, side, opts);
  const hasMaps = tiles.some((m) => m.getMetallicRoughnessTexture() || m.getNormalTexture());
  if (!hasMaps) return { texture };
  const metallicRoughness = await strip(
    tiles.map((m): Layer => {
      const rough = clamp01(m.getRoughnessFactor());
      const metal = clamp01(m.getMetallicFactor());
      return {
        image: m.getMetallicRoughnessTexture()?.getImage() ?? null,
        fill: [255, 255, 255],
        pixel: (r, g, b) => [r, g * rough, b * metal],
      };
    }),
    side,
    opts,
  );
  const normal = await strip(
    tiles.map((m): Layer => {
      const scale = m.getNormalScale();
      return {
        image: m.getNormalTexture()?.getImage() ?? null,
        fill: FLAT_NORMAL,
        // glTF's normal scale multiplies X and Y of the decoded normal; 1 (nearly always) keeps the bytes.
        pixel: scale === 1 ? (r, g, b) => [r, g, b] : (r, g, b) => [scaled(r, scale), scaled(g, scale), b],
      };
    }),
    side,
    opts,
  );
  return { texture, maps: { metallicRoughness, normal } };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const scaled = (byte: number, scale: number) =>
  Math.round(Math.min(1, Math.max(-1, (byte / 255) * 2 - 1) * scale) * 127.5 + 127.5);

async function strip(layers: Layer[], side: number, opts: StripOptions): Promise<RgbaImage> {
  const count = Math.max(1, layers.length);
  const width = side * count;
  const data = new Uint8Array(width * side * 4).fill(255);
  for (const [i, layer] of layers.entries()) {
    let tile: Uint8Array | null = null;
    if (layer.image) {
      try {
        tile = new Uint8Array(
          await sharp(layer.image, { limitInputPixels: opts.maxTexturePixels, failOn: 'error' })
            .resize(side, side, { fit: 'fill' })
            .ensureAlpha()
            .raw()
            .toBuffer(),
        );
      } catch (cause) {
        throw new EngineError(
          'corrupt_model',
          `import: a texture of the model cannot be read (${(cause as Error).message}).`,
          { cause },
        );
      }
    }
    const [fr, fg, fb] = layer.fill;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const s = (y * side + x) * 4;
        const d = (y * width + i * side + x) * 4;
        const [r, g, b] = tile ? layer.pixel(tile[s], tile[s + 1], tile[s + 2]) : layer.pixel(fr, fg, fb);
        data[d] = Math.round(r);
        data[d + 1] = Math.round(g);
        data[d + 2] = Math.round(b);
        data[d + 3] = 255;
      }
    }
  }
  return { width, height: side, data };
}
