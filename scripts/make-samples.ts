/**
 * Draws the studio's ten sample images into public/samples/ (PNG, transparent background, 512×512, each
 * ≤ 150 KB). Run: `npx tsx scripts/make-samples.ts`. The outputs are committed; re-run after editing a subject.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SAMPLES } from '../src/features/studio/samples.ts';
import { SUBJECT_SVGS } from './samples/subjects.ts';

const DEFAULTS = { outDir: join(import.meta.dirname, '..', 'public', 'samples'), maxBytes: 150 * 1024 };

async function main(): Promise<void> {
  mkdirSync(DEFAULTS.outDir, { recursive: true });
  for (const sample of SAMPLES) {
    const svg = SUBJECT_SVGS[sample.id];
    if (!svg)
      throw new Error(`make-samples: no drawing for ${sample.id}; add one to scripts/samples/subjects.ts`);
    const png = await sharp(Buffer.from(svg), { density: 72 })
      .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
      .toBuffer();
    if (png.length > DEFAULTS.maxBytes) {
      throw new Error(`make-samples: ${sample.id}.png is ${png.length} bytes (limit ${DEFAULTS.maxBytes})`);
    }
    writeFileSync(join(DEFAULTS.outDir, `${sample.id}.png`), png);
    console.log(`${sample.id}.png  ${(png.length / 1024).toFixed(1)} KB  ${sample.label}`);
  }
}

await main();
