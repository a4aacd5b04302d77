/** Debian's `assimp info` as an independent importer. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export const HAS_ASSIMP = existsSync('/usr/bin/assimp');

export interface AssimpInfo {
  meshes: number;
  vertices: number;
  faces: number;
  materials: number;
  embeddedTextures: number;
  output: string;
}

export function assimpInfo(path: string): AssimpInfo {
  const output = execFileSync('assimp', ['info', path], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  const num = (label: string) => {
    const m = output.match(new RegExp(`${label}:\\s+(\\d+)`));
    return m ? Number(m[1]) : Number.NaN;
  };
  return {
    meshes: num('Meshes'),
    vertices: num('Vertices'),
    faces: num('Faces'),
    materials: num('Materials'),
    embeddedTextures: num('Textures \\(embed\\.\\)'),
    output,
  };
}

/**
 * The mesh as assimp reads it (its OBJ export of the file, identical vertices joined): positions and
 * triangle indices, for checks that do not go through our own readers.
 */
export function assimpMesh(path: string): { positions: number[]; indices: number[] } {
  const out = `${path}.assimp.obj`;
  execFileSync('assimp', ['export', path, out, '-jiv', '-tri'], { stdio: 'ignore', timeout: 60_000 });
  const positions: number[] = [];
  const indices: number[] = [];
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'v') positions.push(Number(parts[1]), Number(parts[2]), Number(parts[3]));
    if (parts[0] === 'f') for (const p of parts.slice(1)) indices.push(Number(p.split('/')[0]) - 1);
  }
  return { positions, indices };
}
