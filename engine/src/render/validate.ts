/** Checks a `TexturedModel` before rendering, so bad input fails with a message instead of garbage. */
import { EngineError } from '../errors.ts';
import type { TexturedModel } from '../types.ts';

function fail(message: string): never {
  throw new EngineError('invalid_option', `render: ${message}`);
}

export function validateModel(model: TexturedModel): void {
  if (!model || typeof model !== 'object' || !model.mesh || !model.texture) {
    fail('expected a model { mesh, texture }');
  }
  const { positions, uvs, indices, normals } = model.mesh;
  if (!(positions instanceof Float32Array) || positions.length === 0 || positions.length % 3 !== 0) {
    fail('mesh.positions must be a non-empty Float32Array of xyz triples');
  }
  const n = positions.length / 3;
  if (!(uvs instanceof Float32Array) || uvs.length !== n * 2) {
    fail(`mesh.uvs must be a Float32Array with 2 values per vertex (${n * 2}), got ${uvs?.length ?? 'none'}`);
  }
  if (normals !== undefined && (!(normals instanceof Float32Array) || normals.length !== n * 3)) {
    fail(`mesh.normals must be a Float32Array with 3 values per vertex (${n * 3}) or be left out`);
  }
  if (!(indices instanceof Uint32Array) || indices.length === 0 || indices.length % 3 !== 0) {
    fail('mesh.indices must be a non-empty Uint32Array of index triples');
  }
  for (let i = 0; i < indices.length; i++) {
    if (indices[i] >= n) fail(`mesh.indices[${i}] = ${indices[i]} is past the last vertex (${n - 1})`);
  }
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i])) fail(`mesh.positions[${i}] is not a finite number`);
  }
  const { width, height, data } = model.texture;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    fail('texture width and height must be positive integers');
  }
  if (!(data instanceof Uint8Array) || data.length !== width * height * 4) {
    fail(`texture.data must hold ${width}×${height} RGBA pixels (${width * height * 4} bytes)`);
  }
}
