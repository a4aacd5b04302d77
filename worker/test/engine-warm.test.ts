// The worker loads its engine before the first job: warm() starts the engine process and loads the
// segmentation model once; a conversion then runs on that same process.
import sharp from 'sharp';
import { afterEach, expect, test } from 'vitest';
import { createEngineRunner, type EngineRunner } from '../src/convert/engine-runner.ts';
import { drawTestImage } from './support/generation-harness.ts';

let runner: EngineRunner | null = null;
afterEach(async () => {
  await runner?.close();
  runner = null;
});

test('warm() starts the engine and loads the model; warming a running engine loads nothing; a conversion runs on it', async () => {
  runner = createEngineRunner();
  const ms = await runner.warm();
  expect(ms).toBeGreaterThan(0);
  // Already running: nothing more to load.
  expect(await runner.warm()).toBe(0);
  const stages: string[] = [];
  const produced = await runner.run(
    {
      // No alpha channel, so the conversion really uses the segmentation model.
      input: new Uint8Array(
        await sharp(await drawTestImage(128))
          .flatten({ background: '#ffffff' })
          .png()
          .toBuffer(),
      ),
      topology: 'low',
      kind: 'model',
      baseName: 'warm',
      renderThreads: 1,
    },
    (stage) => stages.push(stage),
  ).result;
  expect(stages).toContain('isolate');
  expect(produced.files.map((f) => f.role)).toContain('glb');
}, 120_000);
