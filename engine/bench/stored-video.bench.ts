/**
 * The turntable of a model that already exists, against what a second 3D Preview cost before: one photo
 * converted again, every format exported again and the turntable rendered, versus the stored GLB read back
 * and the turntable rendered. One mode per process, so a whole-process timer can pair them:
 *
 *   npm run bench:stored-video -- --mode preview --image public/samples/demo-8.png --glb /tmp/model.glb
 *   npm run bench:stored-video -- --mode stored --glb /tmp/model.glb
 *
 * `preview` writes the model's GLB to --glb (the input of `stored`); each prints its own steps' seconds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createEngine, EXPORT_FORMATS, readStoredModel, renderTurntable } from '../src/index.ts';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'stored' },
    image: { type: 'string', default: 'public/samples/demo-8.png' },
    glb: { type: 'string', default: '/tmp/lift3d-stored-video-bench.glb' },
    threads: { type: 'string', default: '1' },
  },
});

const threads = Number(values.threads);
const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(2);

if (values.mode === 'preview') {
  const engine = createEngine();
  const model = await engine.convert(new Uint8Array(readFileSync(values.image)), { topology: 'low' });
  const converted = seconds();
  for (const format of EXPORT_FORMATS) {
    const { files } = await engine.exportModel(model, format, { baseName: 'bench' });
    if (format === 'glb') writeFileSync(values.glb, files[0].data);
  }
  const exported = seconds();
  const video = await renderTurntable(model, { threads });
  console.log(
    `preview: converted ${converted} s, exported ${exported} s, video ${video.mp4.byteLength} bytes, total ${seconds()} s`,
  );
} else {
  const model = await readStoredModel(new Uint8Array(readFileSync(values.glb)));
  const read = seconds();
  const video = await renderTurntable(model, { threads });
  console.log(`stored: read ${read} s, video ${video.mp4.byteLength} bytes, total ${seconds()} s`);
}
