/**
 * npm run bench:segment — masks of photos without alpha against the truth. Every photo of
 * ../shared/photos is composited (its alpha is the true mask) onto each synthetic backdrop
 * (bench/support/backdrops.ts) and saved as a JPEG; each method then makes a mask, scored by IoU and a
 * boundary F-score (outline pixels within 0.4 % of the diagonal of the other's outline), with the process
 * CPU time (all threads) of the mask step.
 *
 * Methods: `isnet` (today's default: IS-Net at 512², with the hole repair), `isnetR` (at R², e.g.
 * isnet256; `isnetRg`: the same, its edge refined by a guided filter on the photo; `isnetf`, `isnetfR`: the
 * quantised convolutions rewritten as float ones, isnet-float.ts; `isnetq`: statically quantised,
 * isnet-static.ts, calibrated on the tuning group), `fast` (the plain-backdrop matte alone: accepted or refused), `auto` (the fast path, and
 * IS-Net where it refuses: what isolateSubject does; its CPU includes the refused attempt).
 *
 * Options: --group tune|held|all (default tune: the held-out group is for the one final report),
 * --methods isnet,fast,auto (default), --photos N, --sheets DIR (truth / IS-Net / fast side by side per
 * case), --cache DIR (IS-Net masks kept between runs; default the temp directory).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { decodeImage } from '../src/decode/decode.ts';
import { isEngineError } from '../src/errors.ts';
import { backdropMatte } from '../src/isolate/backdrop-matte.ts';
import { createIsnetSegmenter } from '../src/isolate/isnet.ts';
import { isolateSubject } from '../src/isolate/isolate.ts';
import type { Segmenter } from '../src/isolate/segmenter.ts';
import type { RgbaImage } from '../src/types.ts';
import { listPhotos } from '../test/support/photos.ts';
import { BACKDROPS, composite } from './support/backdrops.ts';
import { guidedFilter } from './support/guided-filter.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) =>
  argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback;
const group = arg('--group', 'tune');
const methods = arg('--methods', 'isnet,fast,auto').split(',');
const photoCount = Number(arg('--photos', '99'));
const sheetsDir = argv.includes('--sheets') ? arg('--sheets', '') : undefined;
const cacheDir = arg('--cache', join(tmpdir(), 'lift3d-segment-cache'));
mkdirSync(cacheDir, { recursive: true });
if (sheetsDir) mkdirSync(sheetsDir, { recursive: true });

const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

/** Binary outline: inside pixels with a 4-neighbour outside. */
function outline(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!m[i]) continue;
      if (
        x === 0 ||
        y === 0 ||
        x === w - 1 ||
        y === h - 1 ||
        !m[i - 1] ||
        !m[i + 1] ||
        !m[i - w] ||
        !m[i + w]
      )
        out[i] = 1;
    }
  return out;
}

/** Chamfer (3-4) distance to the nearest set pixel, in pixels. */
function distanceTo(set: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h).fill(1e9);
  for (let i = 0; i < w * h; i++) if (set[i]) d[i] = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x > 0) d[i] = Math.min(d[i], d[i - 1] + 3);
      if (y > 0) {
        d[i] = Math.min(d[i], d[i - w] + 3);
        if (x > 0) d[i] = Math.min(d[i], d[i - w - 1] + 4);
        if (x < w - 1) d[i] = Math.min(d[i], d[i - w + 1] + 4);
      }
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (x < w - 1) d[i] = Math.min(d[i], d[i + 1] + 3);
      if (y < h - 1) {
        d[i] = Math.min(d[i], d[i + w] + 3);
        if (x < w - 1) d[i] = Math.min(d[i], d[i + w + 1] + 4);
        if (x > 0) d[i] = Math.min(d[i], d[i + w - 1] + 4);
      }
    }
  for (let i = 0; i < w * h; i++) d[i] /= 3;
  return d;
}

export function scoreMask(pred: Float32Array, truth: Uint8Array, w: number, h: number) {
  const p = new Uint8Array(w * h);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < w * h; i++) {
    p[i] = pred[i] >= 0.5 ? 1 : 0;
    inter += p[i] & truth[i];
    union += p[i] | truth[i];
  }
  const tol = 0.004 * Math.hypot(w, h);
  const bp = outline(p, w, h);
  const bt = outline(truth, w, h);
  const dp = distanceTo(bp, w, h);
  const dt = distanceTo(bt, w, h);
  let np = 0;
  let hitP = 0;
  let nt = 0;
  let hitT = 0;
  for (let i = 0; i < w * h; i++) {
    if (bp[i]) {
      np++;
      if (dt[i] <= tol) hitP++;
    }
    if (bt[i]) {
      nt++;
      if (dp[i] <= tol) hitT++;
    }
  }
  const precision = np ? hitP / np : 0;
  const recall = nt ? hitT / nt : 0;
  const bf = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { iou: union ? inter / union : 1, bf };
}

interface Row {
  photo: string;
  backdrop: string;
  kind: string;
  group: string;
  scores: Record<string, { iou: number; bf: number; ms: number; note?: string }>;
}

async function maskPng(m: Float32Array | Uint8Array, w: number, h: number, size: number) {
  const g = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) g[i] = Math.round(Math.min(1, Math.max(0, m[i])) * 255);
  return sharp(g, { raw: { width: w, height: h, channels: 1 } })
    .resize(size, size)
    .png()
    .toBuffer();
}

const segmenters = new Map<string, Segmenter>();
async function isnetMask(
  image: RgbaImage,
  key: string,
  resolution: number,
  precision: 'float' | 'int8' | 'static' = 'int8',
) {
  const variant = `${{ float: 'f', int8: '', static: 'q' }[precision]}${resolution}`;
  const file = join(cacheDir, `${key}-isnet${variant}.f32`);
  const meta = `${file}.json`;
  if (existsSync(file) && existsSync(meta)) {
    const buf = readFileSync(file);
    const mask = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    return { mask, ms: (JSON.parse(readFileSync(meta, 'utf8')) as { ms: number }).ms };
  }
  if (!segmenters.has(variant)) {
    const s = await createIsnetSegmenter({ resolution, precision });
    // One warm-up: the first run of a session pays for onnxruntime's set-up.
    await s.segment({
      width: 64,
      height: 64,
      data: new Uint8Array(64 * 64 * 4).fill(200),
      format: 'png',
    } as RgbaImage);
    segmenters.set(variant, s);
  }
  const seg = segmenters.get(variant) as Segmenter;
  const c0 = process.cpuUsage();
  // A mask with nothing in it is scored as such (the small inputs lose some subjects entirely).
  const r = await isolateSubject(image, async () => seg, { backdrop: { enabled: false } }).catch((e) => {
    if (isEngineError(e) && e.code === 'no_subject')
      return { mask: new Float32Array(image.width * image.height) };
    throw e;
  });
  const ms = cpuMs(c0);
  writeFileSync(file, Buffer.from(r.mask.buffer));
  writeFileSync(meta, JSON.stringify({ ms }));
  return { mask: r.mask, ms };
}

const photos = listPhotos().slice(0, photoCount);
if (!photos.length) throw new Error('segment-quality: no sample photos (../shared/photos)');
const backdrops = BACKDROPS.filter((b) => group === 'all' || b.group === group);
console.log(
  `segment quality: ${photos.length} photos × ${backdrops.length} backdrops (${group}); ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const rows: Row[] = [];
for (const path of photos) {
  const name = basename(path).replace(/\.\w+$/, '');
  const photo = await decodeImage(new Uint8Array(readFileSync(path)));
  for (const b of backdrops) {
    const { jpeg, truth } = await composite(photo, b);
    const image = await decodeImage(jpeg);
    const { width: w, height: h } = image;
    const row: Row = { photo: name, backdrop: b.name, kind: b.kind, group: b.group, scores: {} };
    const key = `${name}-${b.name}`;
    let isnet: { mask: Float32Array; ms: number } | undefined;
    let fast: ReturnType<typeof backdropMatte> | undefined;
    let fastMs = 0;
    for (const m of methods) {
      if (m.startsWith('isnet')) {
        const precision = m.startsWith('isnetf') ? 'float' : m.startsWith('isnetq') ? 'static' : 'int8';
        const res = Number.parseInt(m.slice(precision === 'int8' ? 5 : 6), 10) || 512;
        const r = await isnetMask(image, key, res, precision);
        if (m === 'isnet' || m === 'isnet512') isnet = r;
        if (m.endsWith('g')) {
          // The smaller input's mask, its edge refined on the photo (guided filter).
          const c0 = process.cpuUsage();
          const refined = guidedFilter(image, r.mask);
          row.scores[m] = { ...scoreMask(refined, truth, w, h), ms: r.ms + cpuMs(c0) };
        } else row.scores[m] = { ...scoreMask(r.mask, truth, w, h), ms: r.ms };
      } else if (m === 'fast' || m === 'auto') {
        if (!fast) {
          const c0 = process.cpuUsage();
          // What isolateSubject runs on acceptance: the matte (its hole repair is measured in `auto`).
          fast = backdropMatte(image);
          fastMs = cpuMs(c0);
        }
        const note = fast.ok ? 'accepted' : fast.reason;
        if (argv.includes('--why'))
          console.log(
            `  ${name} ${b.name}: ${note} ${Object.entries(fast.report)
              .map(([k, v]) => `${k} ${(v as number).toFixed(3)}`)
              .join(', ')}`,
          );
        if (m === 'fast') {
          row.scores.fast = fast.ok
            ? { ...scoreMask(fast.mask, truth, w, h), ms: fastMs, note }
            : { iou: Number.NaN, bf: Number.NaN, ms: fastMs, note };
        } else if (fast.ok) {
          row.scores.auto = { ...scoreMask(fast.mask, truth, w, h), ms: fastMs, note };
        } else {
          isnet ??= await isnetMask(image, key, 512);
          row.scores.auto = { ...scoreMask(isnet.mask, truth, w, h), ms: fastMs + isnet.ms, note };
        }
      }
    }
    rows.push(row);
    const cells = Object.entries(row.scores)
      .map(
        ([m, s]) =>
          `${m} ${s.iou.toFixed(3)}/${s.bf.toFixed(3)} ${s.ms.toFixed(0)}ms${s.note ? ` (${s.note})` : ''}`,
      )
      .join(' | ');
    console.log(`${name.padEnd(20)} ${b.name.padEnd(16)} ${cells}`);
    if (sheetsDir) {
      const S = 256;
      const panels = [
        await sharp(jpeg).resize(S, S).png().toBuffer(),
        await maskPng(truth, w, h, S),
        isnet ? await maskPng(isnet.mask, w, h, S) : await maskPng(new Uint8Array(w * h), w, h, S),
        fast?.ok ? await maskPng(fast.mask, w, h, S) : await maskPng(new Uint8Array(w * h), w, h, S),
      ];
      await sharp({ create: { width: S * 4, height: S, channels: 3, background: '#808080' } })
        .composite(panels.map((input, k) => ({ input, left: k * S, top: 0 })))
        .png()
        .toFile(join(sheetsDir, `${key}.png`));
    }
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
console.log(
  '\n| backdrops | method | cases | accepted | mean IoU | min IoU | mean BF | min BF | median CPU ms |',
);
console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|');
for (const kind of ['plain', 'busy', 'all']) {
  const sel = rows.filter((r) => kind === 'all' || r.kind === kind);
  for (const m of methods) {
    const s = sel.map((r) => r.scores[m]).filter(Boolean);
    const ok = s.filter((x) => !Number.isNaN(x.iou));
    const accepted = s.filter((x) => x.note === 'accepted').length;
    console.log(
      `| ${kind} | ${m} | ${s.length} | ${m === 'fast' || m === 'auto' ? accepted : '—'} | ${mean(ok.map((x) => x.iou)).toFixed(3)} | ${Math.min(...ok.map((x) => x.iou)).toFixed(3)} | ${mean(ok.map((x) => x.bf)).toFixed(3)} | ${Math.min(...ok.map((x) => x.bf)).toFixed(3)} | ${med(s.map((x) => x.ms)).toFixed(0)} |`,
    );
  }
}
if (group === 'all') {
  console.log('\n| group | method | cases | mean IoU | mean BF | median CPU ms |');
  console.log('|---|---|--:|--:|--:|--:|');
  for (const g of ['tune', 'held'])
    for (const m of methods) {
      const s = rows.filter((r) => r.group === g).map((r) => r.scores[m]);
      const ok = s.filter((x) => !Number.isNaN(x.iou));
      console.log(
        `| ${g} | ${m} | ${s.length} | ${mean(ok.map((x) => x.iou)).toFixed(4)} | ${mean(ok.map((x) => x.bf)).toFixed(4)} | ${med(s.map((x) => x.ms)).toFixed(0)} |`,
      );
    }
}
if (methods.includes('auto') && methods.includes('isnet')) {
  const d = rows.map((r) => ({
    r,
    di: r.scores.auto.iou - r.scores.isnet.iou,
    db: r.scores.auto.bf - r.scores.isnet.bf,
  }));
  const worst = d.reduce((a, b) => (b.di < a.di ? b : a));
  console.log(
    `\nauto − isnet: mean ΔIoU ${mean(d.map((x) => x.di)).toFixed(4)}, mean ΔBF ${mean(d.map((x) => x.db)).toFixed(4)}; worst ΔIoU ${worst.di.toFixed(4)} (${worst.r.photo} on ${worst.r.backdrop})`,
  );
}
for (const s of segmenters.values()) await s.close();
