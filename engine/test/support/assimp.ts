/** Debian's `assimp info` as an independent importer. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
