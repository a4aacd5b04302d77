/**
 * What a hosted service's PBR maps cost: the hosted path (the service's GLB read, put in our frame and
 * topology, then every format exported) for the same model with and without its metallic-roughness and
 * normal maps. One mode per process, so a whole-process timer can pair them:
 *
 *   npm run bench:pbr-export -- --mode pbr     # base colour + metallic-roughness + normal maps
 *   npm run bench:pbr-export -- --mode base    # the same model, base colour only
 *
 * The source stands in for a service's answer as its documentation describes it (Meshy and Tripo send
 * 2048² maps on a model of tens of thousands of triangles): a bumpy UV sphere of --triangles triangles
 * with --size² textures that do not compress to nothing (smooth bands plus grain). It is made once per
 * size and kept in the system's temporary folder. Each run prints its own steps' seconds.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { EXPORT_FORMATS, exportModel, normalizeSourceModel } from '../src/index.ts';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'pbr' },
    size: { type: 'string', default: '2048' },
    triangles: { type: 'string', default: '40000' },
    topology: { type: 'string', default: 'low' },
  },
});
if (values.mode !== 'pbr' && values.mode !== 'base') throw new Error('--mode is pbr or base');
if (values.topology !== 'low' && values.topology !== 'high') throw new Error('--topology is low or high');
const size = Number(values.size);
const triangles = Number(values.triangles);

/** A deterministic grain, so every run and both modes read the same pixels. */
function grain(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

async function texture(paint: (u: number, v: number, i: number) => [number, number, number]) {
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      data.set(paint(x / size, y / size, i), i * 3);
    }
  return new Uint8Array(
    await sharp(data, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

async function sourceGlb(withMaps: boolean): Promise<Uint8Array> {
  const path = join(tmpdir(), `lift3d-pbr-bench-${withMaps ? 'pbr' : 'base'}-${size}-${triangles}.glb`);
  if (existsSync(path)) return new Uint8Array(readFileSync(path));
  // A UV sphere with rows × cols quads ≈ the asked triangles, its radius bumped so it is not trivial.
  const rows = Math.max(8, Math.round(Math.sqrt(triangles / 4)));
  const cols = rows * 2;
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c <= cols; c++) {
      const theta = (r / rows) * Math.PI;
      const phi = (c / cols) * 2 * Math.PI;
      const bump = 1 + 0.04 * Math.sin(5 * phi) * Math.sin(4 * theta);
      positions.push(
        bump * Math.sin(theta) * Math.sin(phi),
        bump * Math.cos(theta) * 1.4,
        bump * Math.sin(theta) * Math.cos(phi),
      );
      uvs.push(c / cols, r / rows);
    }
  const indices: number[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const a = r * (cols + 1) + c;
      const b = a + cols + 1;
      indices.push(a, b, a + 1, a + 1, b, b + 1);
    }
  const doc = new Document();
  const buffer = doc.createBuffer();
  const material = doc.createMaterial('source');
  const png = (name: string, image: Uint8Array) =>
    doc.createTexture(name).setImage(image).setMimeType('image/png');
  material.setBaseColorTexture(
    png(
      'base',
      await texture((u, v, i) => [
        150 + 80 * Math.sin(u * 20) * grain(i),
        90 + 60 * v,
        50 + 40 * grain(i + 7),
      ]),
    ),
  );
  if (withMaps) {
    material
      .setMetallicRoughnessTexture(
        png('mr', await texture((_u, v, i) => [0, 60 + 150 * v + 20 * grain(i), v > 0.5 ? 0 : 230])),
      )
      .setNormalTexture(
        png('normal', await texture((u, _v, i) => [128 + 40 * Math.sin(u * 60) + 8 * grain(i), 128, 240])),
      );
  }
  const prim = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setAttribute(
      'TEXCOORD_0',
      doc.createAccessor().setType('VEC2').setArray(new Float32Array(uvs)).setBuffer(buffer),
    )
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(indices)).setBuffer(buffer))
    .setMaterial(material);
  doc.createScene().addChild(doc.createNode('source').setMesh(doc.createMesh('source').addPrimitive(prim)));
  const bytes = await new NodeIO().writeBinary(doc);
  writeFileSync(path, bytes);
  return bytes;
}

const source = await sourceGlb(values.mode === 'pbr');
const t0 = performance.now();
const seconds = (from = t0) => ((performance.now() - from) / 1000).toFixed(2);

const { model, printable } = await normalizeSourceModel(source, { topology: values.topology });
if ((values.mode === 'pbr') !== Boolean(model.maps))
  throw new Error('the source did not read as the mode asks');
const normalized = seconds();
const perFormat: string[] = [];
let bytes = 0;
for (const format of EXPORT_FORMATS) {
  const started = performance.now();
  // The print formats come from the closed solid, as the worker exports them.
  const print = format === 'stl' || format === '3mf';
  const { files } = await exportModel(print ? printable : model, format, { baseName: 'bench' });
  for (const f of files) bytes += f.data.byteLength;
  perFormat.push(`${format} ${seconds(started)}`);
}
console.log(
  `${values.mode}: normalized ${normalized} s; exported ${perFormat.join(', ')} s; ${(bytes / 1e6).toFixed(1)} MB in all; total ${seconds()} s`,
);
