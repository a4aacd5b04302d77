/**
 * Binary FBX 7.4 with the colour texture embedded (Video.Content), one file. Scene: one Model (Mesh)
 * with its Geometry (per-polygon-vertex normals and indexed UVs), a Phong Material whose DiffuseColor
 * is the Texture, and the Video holding the PNG. Axes as glTF (Y up, FBX's default); UnitScaleFactor
 * 100 declares metres, so the model is 1 m tall in DCC tools.
 */
import type { TexturedModel } from '../types.ts';
import { encodeFbx, type FbxNode, type FbxProp, node } from './fbx-binary.ts';
import { encodePng } from './png.ts';
import type { ExportFile } from './types.ts';

const S = (v: string): FbxProp => ({ t: 'S', v });
const I = (v: number): FbxProp => ({ t: 'I', v });
const D = (v: number): FbxProp => ({ t: 'D', v });
const L = (v: number): FbxProp => ({ t: 'L', v });

function p(name: string, type: string, type2: string, flags: string, ...values: FbxProp[]): FbxNode {
  return node('P', [S(name), S(type), S(type2), S(flags), ...values]);
}

const ID = {
  model: 1_000_001,
  geometry: 1_000_002,
  material: 1_000_003,
  texture: 1_000_004,
  video: 1_000_005,
};

export async function exportFbx(model: TexturedModel, baseName = 'model'): Promise<ExportFile> {
  const png = await encodePng(model.texture);
  const { positions, uvs, indices } = model.mesh;
  const normals = model.mesh.normals;
  const nt = indices.length / 3;

  const vertices = Float64Array.from(positions);
  const polygonVertexIndex = new Int32Array(indices.length);
  for (let t = 0; t < nt; t++) {
    polygonVertexIndex[t * 3] = indices[t * 3];
    polygonVertexIndex[t * 3 + 1] = indices[t * 3 + 1];
    // The last index of each polygon is stored as −(index + 1).
    polygonVertexIndex[t * 3 + 2] = -indices[t * 3 + 2] - 1;
  }
  const uv = new Float64Array(uvs.length);
  for (let i = 0; i < uvs.length; i += 2) {
    uv[i] = uvs[i];
    uv[i + 1] = 1 - uvs[i + 1]; // FBX UV origin is bottom-left
  }
  const uvIndex = Int32Array.from(indices);
  const layerChildren: FbxNode[] = [];
  const geometryChildren: FbxNode[] = [
    node('Vertices', [{ t: 'd', v: vertices }]),
    node('PolygonVertexIndex', [{ t: 'i', v: polygonVertexIndex }]),
    node('GeometryVersion', [I(124)]),
  ];
  if (normals) {
    const pvNormals = new Float64Array(indices.length * 3);
    for (let k = 0; k < indices.length; k++) {
      const v = indices[k];
      pvNormals[k * 3] = normals[v * 3];
      pvNormals[k * 3 + 1] = normals[v * 3 + 1];
      pvNormals[k * 3 + 2] = normals[v * 3 + 2];
    }
    geometryChildren.push(
      node(
        'LayerElementNormal',
        [I(0)],
        [
          node('Version', [I(101)]),
          node('Name', [S('')]),
          node('MappingInformationType', [S('ByPolygonVertex')]),
          node('ReferenceInformationType', [S('Direct')]),
          node('Normals', [{ t: 'd', v: pvNormals }]),
        ],
      ),
    );
    layerChildren.push(
      node('LayerElement', [], [node('Type', [S('LayerElementNormal')]), node('TypedIndex', [I(0)])]),
    );
  }
  geometryChildren.push(
    node(
      'LayerElementUV',
      [I(0)],
      [
        node('Version', [I(101)]),
        node('Name', [S('UVMap')]),
        node('MappingInformationType', [S('ByPolygonVertex')]),
        node('ReferenceInformationType', [S('IndexToDirect')]),
        node('UV', [{ t: 'd', v: uv }]),
        node('UVIndex', [{ t: 'i', v: uvIndex }]),
      ],
    ),
    node(
      'LayerElementMaterial',
      [I(0)],
      [
        node('Version', [I(101)]),
        node('Name', [S('')]),
        node('MappingInformationType', [S('AllSame')]),
        node('ReferenceInformationType', [S('IndexToDirect')]),
        node('Materials', [{ t: 'i', v: new Int32Array([0]) }]),
      ],
    ),
  );
  layerChildren.push(
    node('LayerElement', [], [node('Type', [S('LayerElementUV')]), node('TypedIndex', [I(0)])]),
    node('LayerElement', [], [node('Type', [S('LayerElementMaterial')]), node('TypedIndex', [I(0)])]),
  );
  geometryChildren.push(node('Layer', [I(0)], [node('Version', [I(100)]), ...layerChildren]));

  const textureFile = `${baseName}.png`;
  const doc: FbxNode[] = [
    node(
      'FBXHeaderExtension',
      [],
      [
        node('FBXHeaderVersion', [I(1003)]),
        node('FBXVersion', [I(7400)]),
        node('Creator', [S('Lift3D engine')]),
      ],
    ),
    node(
      'GlobalSettings',
      [],
      [
        node('Version', [I(1000)]),
        node(
          'Properties70',
          [],
          [
            p('UpAxis', 'int', 'Integer', '', I(1)),
            p('UpAxisSign', 'int', 'Integer', '', I(1)),
            p('FrontAxis', 'int', 'Integer', '', I(2)),
            p('FrontAxisSign', 'int', 'Integer', '', I(1)),
            p('CoordAxis', 'int', 'Integer', '', I(0)),
            p('CoordAxisSign', 'int', 'Integer', '', I(1)),
            p('UnitScaleFactor', 'double', 'Number', '', D(100)),
          ],
        ),
      ],
    ),
    node(
      'Definitions',
      [],
      [
        node('Version', [I(100)]),
        node('Count', [I(5)]),
        node('ObjectType', [S('Model')], [node('Count', [I(1)])]),
        node('ObjectType', [S('Geometry')], [node('Count', [I(1)])]),
        node('ObjectType', [S('Material')], [node('Count', [I(1)])]),
        node('ObjectType', [S('Texture')], [node('Count', [I(1)])]),
        node('ObjectType', [S('Video')], [node('Count', [I(1)])]),
      ],
    ),
    node(
      'Objects',
      [],
      [
        node('Geometry', [L(ID.geometry), S(`${baseName}\0\x01Geometry`), S('Mesh')], geometryChildren),
        node(
          'Model',
          [L(ID.model), S(`${baseName}\0\x01Model`), S('Mesh')],
          [
            node('Version', [I(232)]),
            node('Properties70', [], [p('DefaultAttributeIndex', 'int', 'Integer', '', I(0))]),
            node('Shading', [{ t: 'C', v: true }]),
            node('Culling', [S('CullingOff')]),
          ],
        ),
        node(
          'Material',
          [L(ID.material), S('surface\0\x01Material'), S('')],
          [
            node('Version', [I(102)]),
            node('ShadingModel', [S('phong')]),
            node('MultiLayer', [I(0)]),
            node(
              'Properties70',
              [],
              [
                p('DiffuseColor', 'Color', '', 'A', D(1), D(1), D(1)),
                p('SpecularFactor', 'Number', '', 'A', D(0.1)),
                p('Shininess', 'Number', '', 'A', D(10)),
              ],
            ),
          ],
        ),
        node(
          'Texture',
          [L(ID.texture), S('baseColor\0\x01Texture'), S('')],
          [
            node('Type', [S('TextureVideoClip')]),
            node('Version', [I(202)]),
            node('TextureName', [S('baseColor\0\x01Texture')]),
            node('Media', [S('texture\0\x01Video')]),
            node('FileName', [S(textureFile)]),
            node('RelativeFilename', [S(textureFile)]),
          ],
        ),
        node(
          'Video',
          [L(ID.video), S('texture\0\x01Video'), S('Clip')],
          [
            node('Type', [S('Clip')]),
            node('Properties70', [], [p('Path', 'KString', 'XRefUrl', '', S(textureFile))]),
            node('UseMipMap', [I(0)]),
            node('Filename', [S(textureFile)]),
            node('RelativeFilename', [S(textureFile)]),
            node('Content', [{ t: 'R', v: png }]),
          ],
        ),
      ],
    ),
    node(
      'Connections',
      [],
      [
        node('C', [S('OO'), L(ID.model), L(0)]),
        node('C', [S('OO'), L(ID.geometry), L(ID.model)]),
        node('C', [S('OO'), L(ID.material), L(ID.model)]),
        node('C', [S('OP'), L(ID.texture), L(ID.material), S('DiffuseColor')]),
        node('C', [S('OO'), L(ID.video), L(ID.texture)]),
      ],
    ),
  ];
  return { name: `${baseName}.fbx`, data: encodeFbx(doc), contentType: 'application/octet-stream' };
}
