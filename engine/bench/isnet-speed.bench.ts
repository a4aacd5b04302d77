/**
 * npx tsx engine/bench/isnet-speed.bench.ts [--threads 1] [--rounds 5] [--variants int8,float,q-sym8]
 * [--profile DIR] — the CPU (all threads, process.cpuUsage) and wall time of one IS-Net inference at 512²
 * for each way of writing the `small` graph, in one process, the variants alternated round by round so the
 * machine's other load falls on all alike. The input is a sample photo on a tuning backdrop of
 * bench:segment. `--profile DIR`: onnxruntime's own profile per variant, summed by operator type.
 *
 * Variants: int8 (as shipped: dynamic quantisation), float (isnet-float.ts), and the static rewrite
 * (isnet-static.ts) as q-<weights>[-relu][-float], weights u8, s8 or sym8; `-relu` keeps each Relu a
 * float pass of its own, `-float` dequantises every result (no uint8 passed between convolutions).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { decodeImage } from '../src/decode/decode.ts';
import { isnetInput, isnetSessionOptions, loadIsnetModel } from '../src/isolate/isnet.ts';
import { ISNET_CALIBRATION } from '../src/isolate/isnet-calibration.ts';
import { dequantizeIsnetGraph } from '../src/isolate/isnet-float.ts';
import { resizeIsnetGraph } from '../src/isolate/isnet-resolution.ts';
import { quantizeIsnetGraphStatic, type StaticQuantOptions } from '../src/isolate/isnet-static.ts';
import { listPhotos } from '../test/support/photos.ts';
import { BACKDROPS, composite } from './support/backdrops.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) =>
  argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback;
const threads = Number(arg('--threads', '1'));
const rounds = Number(arg('--rounds', '5'));
const variants = arg('--variants', 'int8,float,q-sym8').split(',');
const profileDir = argv.includes('--profile') ? arg('--profile', '') : undefined;
const R = 512;

function graphFor(shipped: Uint8Array, variant: string): Uint8Array {
  if (variant === 'int8') return shipped;
  if (variant === 'float') return dequantizeIsnetGraph(shipped);
  const [, weights, ...flags] = variant.split('-');
  const opts: Partial<StaticQuantOptions> = {
    weights: weights as StaticQuantOptions['weights'],
    foldRelu: !flags.includes('relu'),
    uint8Between: !flags.includes('float'),
  };
  return quantizeIsnetGraphStatic(shipped, ISNET_CALIBRATION, opts);
}

const shipped = await loadIsnetModel('small');
const photo = await decodeImage(new Uint8Array(readFileSync(listPhotos()[0])));
const backdrop = BACKDROPS.find((b) => b.group === 'tune' && b.kind === 'plain')!;
const input = await isnetInput(await decodeImage((await composite(photo, backdrop)).jpeg), R);
const feeds = { input: new ort.Tensor('float32', input, [1, 3, R, R]) };

const sessions = new Map<string, ort.InferenceSession>();
for (const v of variants) {
  const c0 = process.cpuUsage();
  const s = await ort.InferenceSession.create(resizeIsnetGraph(graphFor(shipped, v), R), {
    ...isnetSessionOptions(threads),
    ...(profileDir ? { enableProfiling: true, profileFilePrefix: join(profileDir, v) } : {}),
  });
  const load = process.cpuUsage(c0);
  await s.run(feeds); // warm-up
  sessions.set(v, s);
  console.log(`${v}: load ${((load.user + load.system) / 1000).toFixed(0)} ms CPU`);
}
const cpu: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v, []]));
const wall: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v, []]));
for (let r = 0; r < rounds; r++) {
  for (const v of variants) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await sessions.get(v)!.run(feeds);
    const c = process.cpuUsage(c0);
    wall[v].push(performance.now() - t0);
    cpu[v].push((c.user + c.system) / 1000);
  }
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\n${threads} thread(s), ${rounds} rounds, median ms (min–max):`);
for (const v of variants)
  console.log(
    `${v.padEnd(16)} CPU ${med(cpu[v]).toFixed(0)} (${Math.min(...cpu[v]).toFixed(0)}–${Math.max(...cpu[v]).toFixed(0)})  wall ${med(wall[v]).toFixed(0)}  ×${(med(cpu.int8 ?? cpu[v]) / med(cpu[v])).toFixed(2)} less CPU than int8`,
  );
for (const s of sessions.values()) {
  if (profileDir) await s.endProfiling();
  await s.release();
}
if (profileDir) {
  // Kernel time by operator type, over the warm-up and every round.
  for (const f of readdirSync(profileDir).filter((f) => f.endsWith('.json'))) {
    const events = JSON.parse(readFileSync(join(profileDir, f), 'utf8')) as {
      cat: string;
      name: string;
      dur: number;
      args?: { op_name?: string };
    }[];
    const byOp = new Map<string, number>();
    for (const e of events)
      if (e.cat === 'Node' && e.name.endsWith('_kernel_time') && e.args?.op_name)
        byOp.set(e.args.op_name, (byOp.get(e.args.op_name) ?? 0) + e.dur / 1000 / (rounds + 1));
    const top = [...byOp].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`${f}: ${top.map(([op, ms]) => `${op} ${ms.toFixed(0)}`).join(', ')} (ms per run)`);
  }
}
