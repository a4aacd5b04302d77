/** The real photos in ../shared/photos (development data, never copied into the repository). */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PHOTOS_DIR = resolve(import.meta.dirname, '../../../../shared/photos');

export function listPhotos(): string[] {
  if (!existsSync(PHOTOS_DIR)) return [];
  return readdirSync(PHOTOS_DIR)
    .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
    .sort()
    .map((f) => join(PHOTOS_DIR, f));
}
