/** Wavefront OBJ + MTL + PNG; zipped into one file unless the caller asks for the three files. */
import type { TexturedModel } from '../types.ts';
import { encodePng } from './png.ts';
import type { ExportFile } from './types.ts';
import { zipEntries } from './zip.ts';

const f6 = (v: number) => (Math.round(v * 1e6) / 1e6).toString();

export async function exportObjFiles(model: TexturedModel, baseName = 'model'): Promise<ExportFile[]> {
  const { positions, uvs, indices, normals } = model.mesh;
  const lines: string[] = [
    `# Lift3D engine: +Y up, facing +Z, 1 unit tall`,
    `mtllib ${baseName}.mtl`,
    `o ${baseName}`,
  ];
  for (let i = 0; i < positions.length; i += 3)
    lines.push(`v ${f6(positions[i])} ${f6(positions[i + 1])} ${f6(positions[i + 2])}`);
  // OBJ's texture origin is bottom-left.
  for (let i = 0; i < uvs.length; i += 2) lines.push(`vt ${f6(uvs[i])} ${f6(1 - uvs[i + 1])}`);
  if (normals)
    for (let i = 0; i < normals.length; i += 3)
      lines.push(`vn ${f6(normals[i])} ${f6(normals[i + 1])} ${f6(normals[i + 2])}`);
  lines.push('usemtl surface', 's 1');
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] + 1,
      b = indices[t + 1] + 1,
      c = indices[t + 2] + 1;
    lines.push(
      normals ? `f ${a}/${a}/${a} ${b}/${b}/${b} ${c}/${c}/${c}` : `f ${a}/${a} ${b}/${b} ${c}/${c}`,
    );
  }
  const mtl = [
    'newmtl surface',
    'Ka 1 1 1',
    'Kd 1 1 1',
    'Ks 0.1 0.1 0.1',
    'Ns 10',
    'd 1',
    'illum 2',
    `map_Kd ${baseName}.png`,
    '',
  ].join('\n');
  const enc = new TextEncoder();
  return [
    { name: `${baseName}.obj`, data: enc.encode(`${lines.join('\n')}\n`), contentType: 'model/obj' },
    { name: `${baseName}.mtl`, data: enc.encode(mtl), contentType: 'model/mtl' },
    { name: `${baseName}.png`, data: await encodePng(model.texture), contentType: 'image/png' },
  ];
}

export async function exportObjZip(model: TexturedModel, baseName = 'model'): Promise<ExportFile> {
  const files = await exportObjFiles(model, baseName);
  // The PNG is already deflated; storing it saves time for nothing lost.
  const zip = zipEntries(
    files.map((f) => ({ name: f.name, data: f.data, level: f.name.endsWith('.png') ? 0 : 6 })),
  );
  return { name: `${baseName}.zip`, data: zip, contentType: 'application/zip' };
}
