/**
 * 3MF (3D Manufacturing Format core 1.x + Materials extension): the same print-ready solid as the STL
 * (millimetres, Z up, on the bed), with shared vertices as the spec requires, and the colour texture
 * carried as one colour per vertex so slicers that print in colour can use it.
 */
import type { TexturedModel } from '../types.ts';
import { printSolid, type StlOptions } from './stl.ts';
import { weldPositions } from './stl-base.ts';
import type { ExportFile } from './types.ts';
import { vertexColours } from './vertex-colour.ts';
import { zipEntries } from './zip.ts';

export type ThreeMfOptions = StlOptions;

const CORE_NS = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
const MATERIAL_NS = 'http://schemas.microsoft.com/3dmanufacturing/material/2015/02';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
 <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
 <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>
`;

const RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
 <Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>
`;

/** Micrometre precision keeps the file small and is far below any printer's resolution. */
const mm = (v: number) => (Math.round(v * 1000) / 1000).toString();

export async function export3mf(
  model: TexturedModel,
  baseName = 'model',
  options: Partial<ThreeMfOptions> = {},
): Promise<ExportFile> {
  const solid = await printSolid(model, options);
  // 3MF meshes index shared vertices: the texture seam's duplicates must become one vertex.
  const { positions, indices } = weldPositions(solid.positions, solid.indices);
  // The levelled model before its base cut, vertex for vertex the model's, tells each vertex its colour.
  const colours = vertexColours(model, solid.pose, positions, solid);

  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<model unit="millimeter" xml:lang="en-US" xmlns="${CORE_NS}" xmlns:m="${MATERIAL_NS}">\n`,
    ' <metadata name="Application">Lift3D engine</metadata>\n',
    ` <metadata name="Title">${escapeXml(baseName)}</metadata>\n`,
    ' <resources>\n  <m:colorgroup id="1">\n',
  ];
  const nv = positions.length / 3;
  for (let v = 0; v < nv; v++) parts.push(`   <m:color color="${hex(colours, v)}"/>\n`);
  parts.push(
    '  </m:colorgroup>\n  <object id="2" type="model" pid="1" pindex="0">\n   <mesh>\n    <vertices>\n',
  );
  for (let v = 0; v < nv; v++)
    parts.push(
      `     <vertex x="${mm(positions[v * 3])}" y="${mm(positions[v * 3 + 1])}" z="${mm(positions[v * 3 + 2])}"/>\n`,
    );
  parts.push('    </vertices>\n    <triangles>\n');
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t],
      b = indices[t + 1],
      c = indices[t + 2];
    parts.push(`     <triangle v1="${a}" v2="${b}" v3="${c}" pid="1" p1="${a}" p2="${b}" p3="${c}"/>\n`);
  }
  parts.push('    </triangles>\n   </mesh>\n  </object>\n </resources>\n');
  parts.push(' <build>\n  <item objectid="2"/>\n </build>\n</model>\n');

  const enc = new TextEncoder();
  const data = zipEntries([
    { name: '[Content_Types].xml', data: enc.encode(CONTENT_TYPES) },
    { name: '_rels/.rels', data: enc.encode(RELS) },
    { name: '3D/3dmodel.model', data: enc.encode(parts.join('')), level: 6 },
  ]);
  return { name: `${baseName}.3mf`, data, contentType: 'model/3mf' };
}

function hex(colours: Uint8Array, v: number): string {
  let s = '#';
  for (let k = 0; k < 3; k++) s += colours[v * 3 + k].toString(16).padStart(2, '0').toUpperCase();
  return s;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
