import { describe, expect, it } from 'vitest';
import { EngineError } from '../src/errors.ts';
import { createRasterContext, createRasterTarget, createVertexStream } from '../src/render/buffers.ts';
import { project } from '../src/render/camera.ts';
import { rasterize } from '../src/render/raster.ts';
import { createTurntableRenderer } from '../src/render/renderer.ts';
import { buildMipChain } from '../src/render/texture.ts';
import type { RgbaImage, TexturedModel } from '../src/types.ts';
import { figureModel, quadModel } from './render-models.ts';

const SIZE = 128;

function image(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

function render(model: TexturedModel, angle = 0, options = {}) {
  const renderer = createTurntableRenderer(model, {
    width: SIZE,
    height: SIZE,
    shadow: { strength: 0 },
    ...options,
  });
  const out = new Uint8Array(SIZE * SIZE * 4);
  const drawn = renderer.renderFrame(angle, out);
  const at = (x: number, y: number) => Array.from(out.subarray((y * SIZE + x) * 4, (y * SIZE + x) * 4 + 3));
  return { renderer, out, drawn, at };
}

/** Which of r, g, b dominates. */
function dominant([r, g, b]: number[]): 'r' | 'g' | 'b' | 'y' {
  if (r > 150 && g > 150 && b < 110) return 'y';
  if (r > g && r > b) return 'r';
  return g > b ? 'g' : 'b';
}

describe('render: texturing and orientation', () => {
  // Quadrants: top-left red, top-right green, bottom-left blue, bottom-right yellow.
  const quadrants = image(64, 64, (x, y) => {
    if (y < 32) return x < 32 ? [230, 30, 30] : [30, 200, 30];
    return x < 32 ? [30, 30, 230] : [230, 220, 30];
  });

  /** Colour at the screen position of model point (x, y, 0) after turning by `angle`. */
  const colourAt = (r: ReturnType<typeof render>, x: number, y: number) => {
    const p = new Float64Array(3);
    project(r.renderer.camera, x, y, 0, p);
    return dominant(r.at(Math.floor(p[0]), Math.floor(p[1])));
  };

  it('maps uv (0,0) to the top-left of the texture, seen from the front', () => {
    const r = render(quadModel(quadrants));
    expect(r.drawn).toBe(2);
    expect(colourAt(r, -0.25, 0.25)).toBe('r');
    expect(colourAt(r, 0.25, 0.25)).toBe('g');
    expect(colourAt(r, -0.25, -0.25)).toBe('b');
    expect(colourAt(r, 0.25, -0.25)).toBe('y');
  });

  it('culls back faces, and shows them mirrored when culling is off', () => {
    expect(render(quadModel(quadrants), Math.PI).drawn).toBe(0);
    const r = render(quadModel(quadrants), Math.PI, { cullBackFaces: false });
    expect(r.drawn).toBe(2);
    // Turned by π the texture's left is on the right of the screen (the quad sits at x = 0, z = 0).
    expect(colourAt(r, 0.25, 0.25)).toBe('r');
    expect(colourAt(r, -0.25, 0.25)).toBe('g');
  });

  it('keeps the nearest surface (z-buffer), whatever the drawing order', () => {
    // Small red quad in front (z = +0.3) drawn first, big green quad behind (z = −0.3) drawn after.
    const tex = image(2, 1, (x) => (x === 0 ? [230, 30, 30] : [30, 200, 30]));
    const positions: number[] = [];
    const uvs: number[] = [];
    const indices: number[] = [];
    for (const [h, z, u] of [
      [0.2, 0.3, 0.25],
      [0.5, -0.3, 0.75],
    ]) {
      const base = positions.length / 3;
      positions.push(-h, h, z, h, h, z, h, -h, z, -h, -h, z);
      uvs.push(u, 0.5, u, 0.5, u, 0.5, u, 0.5);
      indices.push(base, base + 3, base + 2, base, base + 2, base + 1);
    }
    const model: TexturedModel = {
      mesh: {
        positions: Float32Array.from(positions),
        uvs: Float32Array.from(uvs),
        indices: Uint32Array.from(indices),
      },
      texture: tex,
    };
    const r = render(model);
    const p = new Float64Array(3);
    project(r.renderer.camera, 0, 0, 0.3, p);
    expect(dominant(r.at(Math.floor(p[0]), Math.floor(p[1])))).toBe('r');
    project(r.renderer.camera, -0.4, 0, -0.3, p);
    expect(dominant(r.at(Math.floor(p[0]), Math.floor(p[1])))).toBe('g');
  });

  it('interpolates uv perspective-correctly', () => {
    // A square tilted 55° away at the top: texture dark above v = 0.5, light below.
    const tex = image(4, 64, (_x, y) => (y < 32 ? [20, 20, 20] : [235, 235, 235]));
    const c = Math.cos((55 * Math.PI) / 180) * 0.5;
    const s = Math.sin((55 * Math.PI) / 180) * 0.5;
    const model: TexturedModel = {
      mesh: {
        positions: Float32Array.of(-0.5, c, -s, 0.5, c, -s, 0.5, -c, s, -0.5, -c, s),
        uvs: Float32Array.of(0, 0, 1, 0, 1, 1, 0, 1),
        indices: Uint32Array.of(0, 3, 2, 0, 2, 1),
      },
      texture: tex,
    };
    const { renderer, at } = render(model, 0, { fovDeg: 70, elevationDeg: 0 });
    const p = new Float64Array(3);
    project(renderer.camera, 0, 0, 0, p);
    const expected = p[1];
    project(renderer.camera, 0, c, -s, p);
    const top = p[1];
    project(renderer.camera, 0, -c, s, p);
    const affine = (top + p[1]) / 2;
    expect(Math.abs(affine - expected)).toBeGreaterThan(3); // the test can tell the two apart
    let edge = -1;
    for (let y = 1; y < SIZE; y++) {
      if (at(SIZE / 2, y - 1)[0] < 128 && at(SIZE / 2, y)[0] >= 128) edge = y;
    }
    expect(Math.abs(edge - expected)).toBeLessThan(1.5);
  });
});

describe('render: rasteriser', () => {
  it('covers a square split in two triangles exactly once per sample (no cracks, no overlap)', () => {
    const target = createRasterTarget(64, 64);
    const stream = createVertexStream(4);
    const corners = [
      [10.3, 9.7],
      [50.1, 10.2],
      [49.6, 50.4],
      [9.9, 49.8],
    ];
    corners.forEach(([x, y], i) => {
      stream.sx[i] = Math.round(x * 16);
      stream.sy[i] = Math.round(y * 16);
      stream.q[i] = 1;
      stream.visible[i] = 1;
      stream.light.set([1, 1, 1, 0], i * 4);
    });
    const mips = buildMipChain(image(1, 1, () => [255, 255, 255]));
    const count = (indices: number[]) => {
      target.depth.fill(0);
      const ctx = createRasterContext(target, stream, {
        indices: Uint32Array.from(indices),
        uvs: new Float32Array(8),
        mips,
        cullBackFaces: true,
      });
      rasterize(ctx);
      return target.depth.reduce((n, d) => n + (d > 0 ? 1 : 0), 0);
    };
    const a = count([0, 2, 1]);
    const b = count([0, 3, 2]);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(count([0, 2, 1, 0, 3, 2])).toBe(a + b);
    // ≈ the square's area in samples (4 per pixel)
    expect(Math.abs(a + b - 40 * 40 * 4) / (40 * 40 * 4)).toBeLessThan(0.03);
  });

  it('anti-aliases silhouettes', () => {
    const black = image(1, 1, () => [0, 0, 0]);
    const { out } = render(quadModel(black), 0.4);
    // Along the middle row: backdrop → edge pixels in between → black.
    const row = SIZE / 2;
    const values = Array.from({ length: SIZE }, (_, x) => out[(row * SIZE + x) * 4 + 1]);
    const bg = values[0];
    const between = values.filter((v) => v > 30 && v < bg - 30).length;
    expect(between).toBeGreaterThanOrEqual(2);
  });

  it('averages mip levels in linear light', () => {
    const checker = image(4, 4, (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]));
    const mips = buildMipChain(checker);
    expect(mips.map((m) => m.width)).toEqual([4, 2, 1]);
    const last = mips[2].texels[0] & 255;
    expect(last).toBeGreaterThan(180); // sRGB of 0.5 linear is 188, not 128
    expect(last).toBeLessThan(195);
  });
});

describe('render: turntable frames', () => {
  const model = figureModel(4000, 256);

  it('draws the subject inside the frame, over a backdrop, at every angle', () => {
    const renderer = createTurntableRenderer(model, { width: SIZE, height: SIZE });
    const out = new Uint8Array(SIZE * SIZE * 4);
    for (const angle of [0, 1, 2, 3, 4, 5]) {
      renderer.renderFrame(angle, out);
      let saturated = 0;
      let edge = 0;
      for (let y = 0; y < SIZE; y++) {
        for (let x = 0; x < SIZE; x++) {
          const o = (y * SIZE + x) * 4;
          const sat = Math.max(out[o], out[o + 1], out[o + 2]) - Math.min(out[o], out[o + 1], out[o + 2]);
          if (sat > 50) {
            saturated++;
            if (x < 3 || y < 3 || x >= SIZE - 3 || y >= SIZE - 3) edge++;
          }
        }
      }
      expect(saturated / (SIZE * SIZE)).toBeGreaterThan(0.08);
      expect(edge).toBe(0);
    }
  });

  it('renders the same image a full turn later', () => {
    const renderer = createTurntableRenderer(model, { width: SIZE, height: SIZE });
    const a = new Uint8Array(SIZE * SIZE * 4);
    const b = new Uint8Array(SIZE * SIZE * 4);
    renderer.renderFrame(0.3, a);
    renderer.renderFrame(0.3 + 2 * Math.PI, b);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i] - b[i]);
    expect(diff / a.length).toBeLessThan(0.5);
  });

  it('rejects broken models with a message naming the problem', () => {
    const broken = figureModel(1000, 64);
    broken.mesh.indices[5] = 1e9;
    expect(() => createTurntableRenderer(broken)).toThrow(EngineError);
    expect(() => createTurntableRenderer(broken)).toThrow(/render: mesh.indices\[5\]/);
    const noTexture = { mesh: model.mesh, texture: { width: 4, height: 4, data: new Uint8Array(3) } };
    expect(() => createTurntableRenderer(noTexture)).toThrow(/render: texture.data must hold 4×4/);
    expect(() => createTurntableRenderer(model, { width: 8 })).toThrow(/render: width must be/);
    expect(() => createTurntableRenderer(model, { background: { top: 'red', bottom: '#000' } })).toThrow(
      /render: background.top must be a colour/,
    );
  });
});
