/**
 * npm run bench:engine — speed per stage (low/high, with alpha and with segmentation) and quality
 * against a ground-truth set the project builds itself, compared with the naive √d baseline.
 *
 * Options: --quick (fewer runs), --sheets DIR (write 8-view contact sheets of each result),
 * --only speed|quality|multiview|multiview-speed|multiview-walk|multiview-perspective|multiview-final
 * (multi-view quality and speed, the walk set alone, and perspective cameras on the tuning and the final
 * set: bench/multiview.ts, bench/multiview-perspective.ts).
 * --vs REF[,REF…] with speed: this checkout side by side with those git versions, stage by stage in
 * process CPU time (bench/paired-speed.ts; --rounds N, default 2; --quick: three photos, one round;
 * --backdrop plain|gradient: the segmented photos' backdrop, default plain).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { type ConvertResult, createEngine, type Topology } from '../src/index.ts';
import { applyLevel, levelTransform, unlevel } from '../src/pipeline/level.ts';
import { listPhotos } from '../test/support/photos.ts';
import { contactSheet } from '../test/support/raster.ts';
import { onBackground, png } from '../test/support/synthetic.ts';
import { multiviewQuality, multiviewSpeed, walkTable } from './multiview.ts';
import { perspectiveTable } from './multiview-perspective.ts';
import { pairedSpeed } from './paired-speed.ts';
import { FINAL_CAMERA, finalShapes, finalWalk } from './support/final-shapes.ts';
import { normaliseUnitDiagonal, rng, sampleSurface, score } from './support/metrics.ts';
import { groundTruthShapes } from './support/shapes.ts';
import { renderTruth, TRUTH_PITCH } from './support/truth.ts';
import { handHeldWalk, WALK_CAMERA, walkShapes } from './support/walk-shapes.ts';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const sheetsDir = argv.includes('--sheets') ? argv[argv.indexOf('--sheets') + 1] : undefined;
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const vs = argv.includes('--vs') ? argv[argv.indexOf('--vs') + 1].split(',').filter(Boolean) : [];
const rounds = argv.includes('--rounds') ? Number(argv[argv.indexOf('--rounds') + 1]) : quick ? 1 : 2;
if (sheetsDir) mkdirSync(sheetsDir, { recursive: true });

const engine = createEngine();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number, d = 0) => n.toFixed(d);

async function saveSheet(name: string, r: ConvertResult) {
  if (!sheetsDir) return;
  const s = contactSheet(r.mesh, r.texture, 200);
  await sharp(s.data, { raw: { width: s.width, height: s.height, channels: 4 } })
    .png()
    .toFile(join(sheetsDir, `${name}.png`));
}

async function timeRuns(bytes: Uint8Array, topology: Topology, runs: number) {
  const results: ConvertResult[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) results.push(await engine.convert(bytes, { topology }));
  const cpu = process.cpuUsage(cpu0);
  // Process CPU time per conversion (all threads): independent of other load on the machine.
  const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
  const stages = Object.keys(results[0].stats.timings);
  const perStage = Object.fromEntries(stages.map((s) => [s, median(results.map((r) => r.stats.timings[s]))]));
  const exportStart = performance.now();
  await engine.exportModel(results[0], 'glb');
  const exportMs = performance.now() - exportStart;
  return {
    perStage,
    total: median(results.map((r) => r.stats.totalMs)) + exportMs,
    exportMs,
    cpuMs,
    last: results[results.length - 1],
  };
}

async function speed() {
  console.log('\n## Speed (warm process, ms, median; total includes GLB export)\n');
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const rows: string[] = [];
  const header =
    '| input | isolation | topology | decode | isolate | geometry | topology | texture | export | total | CPU ms | triangles |';
  rows.push(header, '|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  const add = (name: string, topology: Topology, t: Awaited<ReturnType<typeof timeRuns>>) => {
    const s = t.perStage;
    rows.push(
      `| ${name} | ${t.last.stats.isolation} | ${topology} | ${fmt(s.decode)} | ${fmt(s.isolate)} | ${fmt(s.geometry)} | ${fmt(s.topology)} | ${fmt(s.texture)} | ${fmt(t.exportMs)} | **${fmt(t.total)}** | ${fmt(t.cpuMs)} | ${t.last.stats.triangles} |`,
    );
  };
  const inputs: { name: string; bytes: Uint8Array }[] = [];
  for (const shape of groundTruthShapes().slice(0, quick ? 2 : 4)) {
    inputs.push({ name: `synthetic ${shape.name}`, bytes: await png(renderTruth(shape, 100).image) });
  }
  const photos = listPhotos();
  for (const p of photos) inputs.push({ name: basename(p), bytes: new Uint8Array(readFileSync(p)) });
  // Warm-up: first-call costs (wasm, sharp's thread pool) are not what a running worker pays.
  await engine.convert(inputs[0].bytes, { topology: 'low' });
  const lowTotals: number[] = [];
  const lowCpu: number[] = [];
  const highCpu: number[] = [];
  const segCpu: number[] = [];
  const highTotals: number[] = [];
  for (const input of inputs) {
    const low = await timeRuns(input.bytes, 'low', quick ? 1 : 3);
    add(input.name, 'low', low);
    lowTotals.push(low.total);
    lowCpu.push(low.cpuMs);
    const high = await timeRuns(input.bytes, 'high', 1);
    add(input.name, 'high', high);
    highTotals.push(high.total);
    highCpu.push(high.cpuMs);
    await saveSheet(`alpha-${input.name.replace(/\W+/g, '_')}`, low.last);
  }
  // Segmentation: real photos (or a synthetic render) composited onto a backdrop, so alpha is gone.
  const segSources = photos.length ? photos.slice(0, quick ? 1 : 2) : [];
  const segInputs: { name: string; bytes: Uint8Array }[] = [];
  for (const p of segSources)
    segInputs.push({
      name: `${basename(p)} on backdrop (JPEG)`,
      bytes: await onBackground(new Uint8Array(readFileSync(p)), 'plain'),
    });
  if (!segInputs.length)
    segInputs.push({
      name: 'synthetic on backdrop (JPEG)',
      bytes: await onBackground(inputs[0].bytes, 'plain'),
    });
  const loadStart = performance.now();
  await engine.warmUp();
  const modelLoadMs = performance.now() - loadStart;
  const segLow: number[] = [];
  const segHigh: number[] = [];
  for (const input of segInputs) {
    const low = await timeRuns(input.bytes, 'low', 1);
    add(input.name, 'low', low);
    segLow.push(low.total);
    segCpu.push(low.cpuMs);
    const high = await timeRuns(input.bytes, 'high', 1);
    add(input.name, 'high', high);
    segHigh.push(high.total);
    await saveSheet(`segmented-${input.name.replace(/\W+/g, '_')}`, low.last);
  }
  console.log(rows.join('\n'));
  console.log(`\nIS-Net session load (once per process): ${fmt(modelLoadMs)} ms`);
  console.log(
    `alpha, low: median ${fmt(median(lowTotals))} ms, max ${fmt(Math.max(...lowTotals))} ms (target ≤ 1500)`,
  );
  console.log(
    `alpha, high: median ${fmt(median(highTotals))} ms, max ${fmt(Math.max(...highTotals))} ms (target ≤ 8000)`,
  );
  console.log(
    `segmentation, low: median ${fmt(median(segLow))} ms (target ≤ 4000); high: median ${fmt(median(segHigh))} ms (target ≤ 8000)`,
  );
  console.log(
    `load average at end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

async function quality() {
  console.log('\n## Quality vs ground truth (12 shapes, 512² three-quarter view, low topology)\n');
  console.log(
    'Both point sets in the camera frame, each normalised to a unit-diagonal box (translation + uniform scale only), 20,000 surface samples each; CD = mean of both directions (not squared), F@0.05. CD upright: the model as delivered (levelled by the elevation the engine assumed) against the ground truth levelled by the true elevation (20°), same normalisation.\n',
  );
  const rows = [
    '| shape | CD ours | CD naive | F ours | F naive | ours better | CD upright |',
    '|---|--:|--:|--:|--:|:-:|--:|',
  ];
  let sumUpright = 0;
  let sumOurs = 0;
  let sumNaive = 0;
  let sumFO = 0;
  let sumFN = 0;
  let worse = 0;
  const shapes = groundTruthShapes();
  for (const shape of shapes) {
    const truth = renderTruth(shape);
    const levelledTruth = normaliseUnitDiagonal(
      applyLevel(truth.points, levelTransform(truth.points, TRUTH_PITCH)),
    );
    normaliseUnitDiagonal(truth.points);
    const bytes = await png(truth.image);
    if (sheetsDir)
      await sharp(truth.image.data, { raw: { width: 512, height: 512, channels: 4 } })
        .png()
        .toFile(join(sheetsDir, `truth-${shape.name}.png`));
    const scores = [];
    let uprightCd = 0;
    for (const method of ['arc', 'naive'] as const) {
      const r = await engine.convert(bytes, { topology: 'low', lift: { method } });
      const camera = unlevel(r.mesh.positions, r.stats.level);
      const pts = normaliseUnitDiagonal(sampleSurface(camera, r.mesh.indices, 20_000, rng(11)));
      scores.push(score(pts, truth.points));
      if (method === 'arc') {
        const upright = normaliseUnitDiagonal(
          sampleSurface(r.mesh.positions, r.mesh.indices, 20_000, rng(11)),
        );
        uprightCd = score(upright, levelledTruth).chamfer;
        sumUpright += uprightCd;
      }
      await saveSheet(`quality-${shape.name}-${method}`, r);
    }
    const [ours, naive] = scores;
    sumOurs += ours.chamfer;
    sumNaive += naive.chamfer;
    sumFO += ours.fscore;
    sumFN += naive.fscore;
    if (ours.chamfer > naive.chamfer) worse++;
    rows.push(
      `| ${shape.name} | ${ours.chamfer.toFixed(4)} | ${naive.chamfer.toFixed(4)} | ${ours.fscore.toFixed(3)} | ${naive.fscore.toFixed(3)} | ${ours.chamfer <= naive.chamfer ? 'yes' : 'NO'} | ${uprightCd.toFixed(4)} |`,
    );
  }
  const n = shapes.length;
  rows.push(
    `| **mean** | **${(sumOurs / n).toFixed(4)}** | **${(sumNaive / n).toFixed(4)}** | **${(sumFO / n).toFixed(3)}** | **${(sumFN / n).toFixed(3)}** | | **${(sumUpright / n).toFixed(4)}** |`,
  );
  console.log(rows.join('\n'));
  console.log(
    `\nmean Chamfer: ours ${(100 * (1 - sumOurs / sumNaive)).toFixed(1)}% lower than naive (target ≥ 20%); shapes where ours is worse: ${worse} (target 0)`,
  );
}

if (!only || only === 'quality') await quality();
if (!only || only === 'multiview') await multiviewQuality(engine, sheetsDir);
if (only === 'multiview-walk') await walkTable(engine, sheetsDir);
if (only === 'multiview-perspective')
  await perspectiveTable(
    engine,
    {
      title: `Multi-view perspective tuning set (the ${walkShapes().length} walk-set shapes; the focal length search was chosen on it)`,
      shapes: walkShapes(),
      camera: WALK_CAMERA,
      focals: [26, 50],
      walk: handHeldWalk,
      prefix: 'persp',
      // MV_OPTS: the four-photo conversions' multi-view options as JSON, to compare a step on and off.
      multiview: process.env.MV_OPTS ? JSON.parse(process.env.MV_OPTS) : undefined,
    },
    sheetsDir,
  );
if (only === 'multiview-final')
  await perspectiveTable(
    engine,
    {
      title: `Multi-view perspective final set (${finalShapes().length} shapes written after the options were frozen, run once)`,
      shapes: finalShapes(),
      camera: FINAL_CAMERA,
      focals: [24, 70],
      walk: finalWalk,
      prefix: 'final',
    },
    sheetsDir,
  );
if (vs.length && (!only || only === 'speed'))
  await pairedSpeed({
    refs: vs,
    rounds,
    photos: quick ? 3 : 9,
    segmented: quick ? 1 : 2,
    backdrop: argv.includes('--backdrop')
      ? (argv[argv.indexOf('--backdrop') + 1] as 'plain' | 'gradient')
      : 'plain',
  });
else if (!only || only === 'speed') await speed();
if (!only || only === 'multiview' || only === 'multiview-speed') await multiviewSpeed(engine, quick);
console.log(`\npeak memory (max RSS): ${fmt(process.resourceUsage().maxRSS / 1024)} MB (target ≤ 2048)`);
await engine.close();
