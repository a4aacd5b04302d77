import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { exportModel } from '../../src/index.ts';
import { figureModel } from '../support/model.ts';

describe('export: GLB and glTF pass the Khronos glTF validator', () => {
  it('GLB: 0 errors, textured, one primitive with normals and UVs', async () => {
    const model = await figureModel();
    const { files } = await exportModel(model, 'glb', { baseName: 'figure' });
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('figure.glb');
    const report = await validator.validateBytes(files[0].data, { maxIssues: 0 });
    expect(report.issues.numErrors, JSON.stringify(report.issues.messages.slice(0, 5))).toBe(0);
    expect(report.info.totalTriangleCount).toBe(model.mesh.indices.length / 3);
    expect(report.info.hasTextures).toBe(true);
    expect(report.info.drawCallCount).toBe(1);
  });

  it('glTF: self-contained JSON (data URIs only), 0 errors', async () => {
    const model = await figureModel();
    const { files } = await exportModel(model, 'gltf');
    const text = new TextDecoder().decode(files[0].data);
    const json = JSON.parse(text);
    for (const b of json.buffers) expect(b.uri.startsWith('data:')).toBe(true);
    for (const i of json.images) expect(i.uri.startsWith('data:image/png;base64,')).toBe(true);
    const report = await validator.validateString(text, { maxIssues: 0 });
    expect(report.issues.numErrors, JSON.stringify(report.issues.messages.slice(0, 5))).toBe(0);
    expect(report.info.hasTextures).toBe(true);
  });
});
