/**
 * USDZ for AR (Apple's AR Quick Look): a USDA layer with the textured mesh and a UsdPreviewSurface,
 * levelled like the STL, in metres, +Y up, standing on the floor (y = 0) so AR places it on the detected plane.
 *
 * three.js's USDZExporter needs a DOM canvas to encode textures, which a server has not, so the layer is
 * written here; the package follows Apple's USDZ rules: an uncompressed zip, the USD layer first, every
 * file's data starting on a 64-byte boundary (see `alignedZip`).
 */
import type { TexturedModel } from '../types.ts';
import { encodePng } from './png.ts';
import type { ExportFile } from './types.ts';
import { zipEntries } from './zip.ts';

export interface UsdzOptions {
  /** Height in the room in metres: the photo tells no real size, so a tabletop size AR users can rescale. */
  heightMetres: number;
}

const USDZ_DEFAULTS: UsdzOptions = { heightMetres: 0.5 };

/** Fixed-point text of a float: six decimals is a micrometre at our scale. */
const f = (v: number) => (Math.round(v * 1e6) / 1e6).toString();

export async function exportUsdz(
  model: TexturedModel,
  baseName = 'model',
  options: Partial<UsdzOptions> = {},
): Promise<ExportFile> {
  const opts = { ...USDZ_DEFAULTS, ...options };
  const layer = usdaLayer(model, opts);
  const texture = await encodePng(model.texture);
  const entries: Array<[string, Uint8Array]> = [
    ['model.usda', new TextEncoder().encode(layer)],
    ['textures/color.png', texture],
  ];
  if (model.maps) {
    entries.push(['textures/metallic-roughness.png', await encodePng(model.maps.metallicRoughness)]);
    entries.push(['textures/normal.png', await encodePng(model.maps.normal)]);
  }
  const data = alignedZip(entries);
  return { name: `${baseName}.usdz`, data, contentType: 'model/vnd.usdz+zip' };
}

function usdaLayer(model: TexturedModel, opts: UsdzOptions): string {
  const { uvs, indices } = model.mesh;
  // Levelled like the print (the camera's elevation undone), so the model stands upright on the floor.
  const positions = level(model.mesh.positions, model.elevationDeg ?? 0);
  const normals = model.mesh.normals ? level(model.mesh.normals, model.elevationDeg ?? 0) : undefined;
  let minY = Infinity,
    maxY = -Infinity;
  for (let i = 1; i < positions.length; i += 3) {
    minY = Math.min(minY, positions[i]);
    maxY = Math.max(maxY, positions[i]);
  }
  const scale = opts.heightMetres / Math.max(1e-9, maxY - minY);
  const points: string[] = [];
  for (let i = 0; i < positions.length; i += 3)
    points.push(
      `(${f(positions[i] * scale)}, ${f((positions[i + 1] - minY) * scale)}, ${f(positions[i + 2] * scale)})`,
    );
  // USD's texture origin is bottom-left; ours (glTF's) top-left.
  const st: string[] = [];
  for (let i = 0; i < uvs.length; i += 2) st.push(`(${f(uvs[i])}, ${f(1 - uvs[i + 1])})`);
  const counts = new Array(indices.length / 3).fill('3').join(', ');
  const normalLine = normals
    ? `        normal3f[] normals = [${Array.from({ length: normals.length / 3 }, (_, v) => `(${f(normals[v * 3])}, ${f(normals[v * 3 + 1])}, ${f(normals[v * 3 + 2])})`).join(', ')}] (
            interpolation = "vertex"
        )\n`
    : '';
  const mat = '/Root/Materials/Surface';
  return `#usda 1.0
(
    customLayerData = {
        string creator = "Lift3D engine"
    }
    defaultPrim = "Root"
    metersPerUnit = 1
    upAxis = "Y"
)

def Xform "Root" (
    assetInfo = {
        string name = "Root"
    }
    kind = "component"
)
{
    def Mesh "Model" (
        prepend apiSchemas = ["MaterialBindingAPI"]
    )
    {
        uniform bool doubleSided = 0
        int[] faceVertexCounts = [${counts}]
        int[] faceVertexIndices = [${Array.from(indices).join(', ')}]
        rel material:binding = <${mat}>
${normalLine}        point3f[] points = [${points.join(', ')}]
        texCoord2f[] primvars:st = [${st.join(', ')}] (
            interpolation = "vertex"
        )
        uniform token subdivisionScheme = "none"
    }

    def Scope "Materials"
    {
        def Material "Surface"
        {
            token outputs:surface.connect = <${mat}/PreviewSurface.outputs:surface>

            def Shader "PreviewSurface"
            {
                uniform token info:id = "UsdPreviewSurface"
                color3f inputs:diffuseColor.connect = <${mat}/ColorTexture.outputs:rgb>
${model.maps ? mapInputs(mat) : constantInputs(model.roughness ?? 0.8)}                int inputs:useSpecularWorkflow = 0
                token outputs:surface
            }

            def Shader "StReader"
            {
                uniform token info:id = "UsdPrimvarReader_float2"
                string inputs:varname = "st"
                float2 outputs:result
            }

            def Shader "ColorTexture"
            {
                uniform token info:id = "UsdUVTexture"
                asset inputs:file = @textures/color.png@
                token inputs:sourceColorSpace = "sRGB"
                float2 inputs:st.connect = <${mat}/StReader.outputs:result>
                token inputs:wrapS = "clamp"
                token inputs:wrapT = "clamp"
                float3 outputs:rgb
            }
${model.maps ? mapShaders(mat) : ''}        }
    }
}
`;
}

/** A matte dielectric: what a photo can honestly say (the roughness when its highlights told one). */
function constantInputs(roughness: number): string {
  return `                float inputs:metallic = 0\n                float inputs:roughness = ${f(roughness)}\n`;
}

/** The surface's metallic, roughness and normal inputs read from a service's PBR maps. */
function mapInputs(mat: string): string {
  return `                float inputs:metallic.connect = <${mat}/MetallicRoughnessTexture.outputs:b>
                float inputs:roughness.connect = <${mat}/MetallicRoughnessTexture.outputs:g>
                normal3f inputs:normal.connect = <${mat}/NormalTexture.outputs:rgb>
`;
}

/**
 * The two map textures: data, not colour (raw); the normal map's bytes 0..1 scaled to -1..1 as
 * UsdPreviewSurface expects of a tangent-space normal.
 */
function mapShaders(mat: string): string {
  const reader = (name: string, file: string, outputs: string, extra = '') => `
            def Shader "${name}"
            {
                uniform token info:id = "UsdUVTexture"
                asset inputs:file = @textures/${file}@
                token inputs:sourceColorSpace = "raw"
                float2 inputs:st.connect = <${mat}/StReader.outputs:result>
                token inputs:wrapS = "clamp"
                token inputs:wrapT = "clamp"
${extra}${outputs}
            }
`;
  const pad = '                ';
  return (
    reader(
      'MetallicRoughnessTexture',
      'metallic-roughness.png',
      `${pad}float outputs:g\n${pad}float outputs:b`,
    ) +
    reader(
      'NormalTexture',
      'normal.png',
      `${pad}float3 outputs:rgb`,
      `${pad}float4 inputs:scale = (2, 2, 2, 1)\n${pad}float4 inputs:bias = (-1, -1, -1, 0)\n`,
    )
  );
}

/** Rotation about +X by the camera elevation: the subject's real vertical becomes +Y (see stl-pose.ts). */
function level(v: Float32Array, elevationDeg: number): Float32Array {
  const a = (elevationDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i += 3) {
    out[i] = v[i];
    out[i + 1] = v[i + 1] * c + v[i + 2] * s;
    out[i + 2] = v[i + 2] * c - v[i + 1] * s;
  }
  return out;
}

/**
 * Stored (uncompressed) zip whose every entry's data starts at a multiple of 64 bytes, as USDZ requires:
 * a local header is 30 bytes + the name + the extra field, so each entry gets an extra field (id 0x4C33,
 * private) just long enough to push its data onto the next boundary.
 */
function alignedZip(entries: Array<[string, Uint8Array]>): Uint8Array {
  return zipEntries(entries.map(([name, data]) => ({ name, data, level: 0, align: 64 })));
}
