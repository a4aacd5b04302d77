/**
 * img3d: the engine's command line (DESIGN §5). One engine for all inputs, so the segmentation model
 * loads once; progress on stderr; exit code 1 with a one-line reason on the first failure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { configFromEnv } from '../config.ts';
import { isEngineError } from '../errors.ts';
import { createEngine } from '../pipeline/engine.ts';
import { type CliArgs, parseArgs, USAGE } from './args.ts';
import { renderVideo } from './video.ts';

function stem(path: string): string {
  const b = basename(path);
  const e = extname(b);
  return e ? b.slice(0, -e.length) : b;
}

export async function runCli(
  argv: string[],
  io: { stderr: (s: string) => void; stdout: (s: string) => void },
): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    io.stderr(`${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const format = args.format ?? 'glb';
  const engine = createEngine({
    ...configFromEnv(),
    ...(args.depthModel ? { depthModel: args.depthModel } : {}),
  });
  try {
    for (const input of args.inputs) {
      const name = stem(input);
      const started = performance.now();
      const result = await engine.convert(resolve(input), {
        topology: args.topology,
        onProgress: (stage, fraction) => io.stderr(`${name}: ${stage} ${Math.round(fraction * 100)}%\n`),
      });
      let outPath: string;
      if (args.out) outPath = resolve(args.out);
      else outPath = resolve(args.outDir ?? '.', `${name}.${format === 'obj' ? 'zip' : format}`);
      await mkdir(dirname(outPath), { recursive: true });
      const base = stem(outPath);
      const unzipped = format === 'obj' && outPath.toLowerCase().endsWith('.obj');
      const { files } = await engine.exportModel(result, format, {
        baseName: base,
        bundle: unzipped ? 'files' : 'zip',
        ...(args.flatBaseMm === undefined ? {} : { flatBaseMm: args.flatBaseMm }),
      });
      const written: string[] = [];
      for (const f of files) {
        const target = files.length === 1 && !unzipped ? outPath : join(dirname(outPath), f.name);
        await writeFile(target, f.data);
        written.push(target);
      }
      if (args.video) {
        let shown = -1;
        const video = await renderVideo(result, (f) => {
          const pct = Math.floor(f * 10) * 10;
          if (pct === shown) return;
          shown = pct;
          io.stderr(`${name}: video ${pct}%\n`);
        });
        const mp4Path = join(dirname(outPath), `${base}.mp4`);
        await writeFile(mp4Path, video.mp4);
        written.push(mp4Path);
        if (video.poster) {
          const posterPath = join(dirname(outPath), `${base}.poster.${video.posterExt ?? 'webp'}`);
          await writeFile(posterPath, video.poster);
          written.push(posterPath);
        }
      }
      const s = result.stats;
      io.stderr(
        `${name}: ${s.triangles} triangles, ${s.isolation}, ${Math.round(performance.now() - started)} ms\n`,
      );
      for (const w of written) io.stdout(`${w}\n`);
    }
    return 0;
  } catch (err) {
    const msg = isEngineError(err)
      ? err.message
      : `img3d: unexpected failure: ${err instanceof Error ? err.message : String(err)}`;
    io.stderr(`${msg.split('\n')[0]}\n`);
    return 1;
  } finally {
    await engine.close();
  }
}
