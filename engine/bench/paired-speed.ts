/**
 * `npm run bench:engine -- --only speed --vs 8091931,main`: this checkout's engine against other versions of
 * it, in one process, stage by stage. Each version is taken from git (`git archive REF engine`, unpacked
 * once into the temp directory beside this checkout's node_modules) and loaded next to this one; every
 * input is converted by each version in turn (the order rotating from round to round), so a change in the
 * machine's load falls on all versions alike.
 *
 * Per stage the figure is process CPU time (all threads: sharp's and onnxruntime's too), read at each
 * progress event the engine reports (decode, isolate, geometry, topology, texture, done); "finish" is
 * what follows the last event (delighting and levelling, where a version has them); "export" is the
 * model written to all seven formats. Medians over inputs and rounds; ratios are of the medians.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { ConvertResult, Engine } from '../src/index.ts';
import { createEngine } from '../src/index.ts';
import { listPhotos } from '../test/support/photos.ts';
import { onBackground } from '../test/support/synthetic.ts';

const REPO = resolve(import.meta.dirname, '../..');
const FORMATS = ['glb', 'gltf', 'obj', 'fbx', 'stl', 'usdz', '3mf'] as const;
const STAGES = ['decode', 'isolate', 'geometry', 'topology', 'texture', 'finish', 'export'] as const;
type Stage = (typeof STAGES)[number];
type Wall = 'wall' | 'wallGlb';

interface Version {
  label: string;
  engine: Engine;
}

interface PairedOptions {
  refs: string[];
  rounds: number;
  /** Photos with alpha (and the first `segmented` of them on a backdrop, for the segmentation path). */
  photos: number;
  segmented: number;
  /**
   * The segmented photos' backdrop: 'plain' light grey (the plain-backdrop matte refuses the two sample
   * characters there: their white parts are the backdrop's colour, so IS-Net runs) or a smooth blue
   * 'gradient' (the matte takes them: no model run).
   */
  backdrop: 'plain' | 'gradient';
}

/** Unpacks `ref`'s engine beside this checkout's dependencies and loads it. */
async function loadVersion(ref: string): Promise<Version> {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: REPO, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `lift3d-engine-${sha}`);
  // The engine and the shared input checks it imports by relative path (older versions did).
  if (!existsSync(join(dir, '.unpacked'))) {
    mkdirSync(dir, { recursive: true });
    const paths = 'engine supabase/functions/_shared';
    execFileSync('sh', ['-c', `git archive ${sha} ${paths} | tar -x -C '${dir}'`], { cwd: REPO });
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    symlinkSync(join(REPO, 'engine/node_modules'), join(dir, 'engine/node_modules'));
    writeFileSync(join(dir, '.unpacked'), `${sha}\n`);
  }
  const mod = (await import(join(dir, 'engine/src/index.ts'))) as { createEngine: () => Engine };
  return { label: `${ref} (${sha})`, engine: mod.createEngine() };
}

/**
 * CPU milliseconds of each stage of one conversion and of its seven exports, and the wall milliseconds of
 * the conversion (`wall`) and of the conversion with a GLB export (`wallGlb`: what `img3d photo` waits for).
 */
async function measure(engine: Engine, bytes: Uint8Array): Promise<Record<Stage | Wall, number>> {
  const out: Record<string, number> = {};
  const t0 = performance.now();
  let last: Stage | undefined;
  let mark = process.cpuUsage();
  const cut = (next: Stage | undefined) => {
    const d = process.cpuUsage(mark);
    mark = process.cpuUsage();
    if (last) out[last] = (out[last] ?? 0) + (d.user + d.system) / 1000;
    last = next;
  };
  const result: ConvertResult = await engine.convert(bytes, {
    topology: 'low',
    onProgress: (stage) => cut(stage === 'done' ? 'finish' : (stage as Stage)),
  });
  out.wall = performance.now() - t0;
  cut('export');
  await engine.exportModel(result, 'glb');
  out.wallGlb = performance.now() - t0;
  for (const format of FORMATS) if (format !== 'glb') await engine.exportModel(result, format);
  cut(undefined);
  for (const s of STAGES) out[s] ??= 0;
  return out as Record<Stage | Wall, number>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function pairedSpeed(opts: PairedOptions): Promise<void> {
  const photos = listPhotos().slice(0, opts.photos);
  if (!photos.length) throw new Error('paired speed: no sample photos (../shared/photos)');
  const versions: Version[] = [{ label: 'this checkout', engine: createEngine() }];
  for (const ref of opts.refs) versions.push(await loadVersion(ref));
  const sets: { name: string; inputs: Uint8Array[] }[] = [
    { name: 'with alpha', inputs: photos.map((p) => new Uint8Array(readFileSync(p))) },
  ];
  if (opts.segmented > 0) {
    const seg: Uint8Array[] = [];
    for (const p of photos.slice(0, opts.segmented))
      seg.push(await onBackground(new Uint8Array(readFileSync(p)), opts.backdrop));
    sets.push({ name: `segmented (photo on a ${opts.backdrop} backdrop, JPEG)`, inputs: seg });
  }
  console.log(
    `\n## Speed side by side (process CPU ms per conversion, low topology; ${opts.rounds} round(s), ${versions.length} versions in turn)\n`,
  );
  console.log(`machine: ${cpus().length} cores, load average at start ${fmtLoad()}`);
  console.log(`photos: ${photos.map((p) => basename(p)).join(', ')}\n`);
  // Warm-up: first calls (JIT, wasm, the IS-Net session) are not what a running worker pays.
  for (const v of versions) {
    await measure(v.engine, sets[0].inputs[0]);
    if (sets[1]) {
      await v.engine.warmUp();
      await measure(v.engine, sets[1].inputs[0]);
    }
  }
  for (const set of sets) {
    const samples = versions.map(() => STAGES.map(() => [] as number[]));
    const totals = versions.map(() => [] as number[]);
    const walls = versions.map(() => ({ wall: [] as number[], wallGlb: [] as number[] }));
    for (let round = 0; round < opts.rounds; round++) {
      for (const [i, bytes] of set.inputs.entries()) {
        for (let k = 0; k < versions.length; k++) {
          const vi = (k + round + i) % versions.length;
          const m = await measure(versions[vi].engine, bytes);
          for (const [si, s] of STAGES.entries()) samples[vi][si].push(m[s]);
          totals[vi].push(STAGES.reduce((sum, s) => sum + m[s], 0));
          walls[vi].wall.push(m.wall);
          walls[vi].wallGlb.push(m.wallGlb);
        }
      }
    }
    const head = versions.map((v) => v.label);
    const ratioHead = versions.slice(1).map((v) => `this / ${v.label.split(' ')[0]}`);
    console.log(`### ${set.name}, ${set.inputs.length} input(s)\n`);
    console.log(`| stage | ${[...head, ...ratioHead].join(' | ')} |`);
    console.log(`|---|${[...head, ...ratioHead].map(() => '--:').join('|')}|`);
    const row = (name: string, values: number[]) => {
      const ratios = values.slice(1).map((v) => (v > 0.5 ? (values[0] / v).toFixed(2) : '—'));
      console.log(`| ${name} | ${[...values.map((v) => v.toFixed(0)), ...ratios].join(' | ')} |`);
    };
    STAGES.forEach((s, si) => {
      row(
        s,
        versions.map((_, vi) => median(samples[vi][si])),
      );
    });
    row(
      'conversion (no export)',
      versions.map((_, vi) => median(totals[vi].map((t, j) => t - samples[vi][STAGES.indexOf('export')][j]))),
    );
    row(
      '**all** (median of sums)',
      versions.map((_, vi) => median(totals[vi])),
    );
    // Wall time follows the machine's other load; alternating versions shares it out evenly.
    row(
      'wall ms: conversion',
      versions.map((_, vi) => median(walls[vi].wall)),
    );
    row(
      'wall ms: conversion and GLB',
      versions.map((_, vi) => median(walls[vi].wallGlb)),
    );
    console.log('');
  }
  console.log(`load average at end ${fmtLoad()}`);
  for (const v of versions) await v.engine.close();
}

const fmtLoad = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
