/**
 * Everything one generation produces, in the engine thread: the model in every export format (the five a
 * user picks from, plus USDZ for AR and 3MF for printing), a poster and a
 * thumbnail, and for video jobs the turntable MP4. Progress is one fraction over the whole job.
 *
 * notes: model jobs render one supersampled still for the poster and thumbnail on this thread (no
 * ffmpeg, no render threads); video jobs pay for the full 150-frame turntable and take its poster. Shares: conversion 0–60 % (video 0–35 %), exports to 75 % (45 %), rendering to 100 %.
 */
import {
  assertPrintable,
  createEngine,
  type Engine,
  EXPORT_FORMATS,
  normalizeSourceModel,
  renderPoster,
  renderTurntable,
  type TexturedModel,
} from '@lift3d/engine';
import type { PipelineInput, Produced, ProducedFile } from './protocol.ts';
import { renderStoredTurntable } from './stored-turntable.ts';

/** The engine's input: the photo alone, or the front with its views (and their focal lengths, when known). */
export function engineInput(job: PipelineInput) {
  const extra = job.views && Object.keys(job.views).length > 0;
  if (!extra) return job.input;
  // The multi-view input takes `focalLength35mm` (engine/src/multiview); an engine without it ignores it.
  const focal = job.focalLength35mm ? { focalLength35mm: job.focalLength35mm } : {};
  return { front: job.input, ...job.views, ...focal };
}

const PIPELINE_DEFAULTS = {
  /** Poster of model jobs (video jobs use the video's frame size). */
  posterSize: 720,
  modelShares: { convert: 0.6, export: 0.75 },
  videoShares: { convert: 0.35, export: 0.45 },
};

export async function runPipeline(
  engine: Engine,
  job: PipelineInput,
  progress: (stage: string, fraction: number) => void,
): Promise<Produced> {
  if (job.storedModel) {
    return renderStoredTurntable(
      { glb: job.storedModel, baseName: job.baseName, renderThreads: job.renderThreads },
      progress,
    );
  }
  const shares = job.kind === 'video' ? PIPELINE_DEFAULTS.videoShares : PIPELINE_DEFAULTS.modelShares;
  let model: TexturedModel;
  // The STL's and 3MF's solid: the model itself for the engine's (closed by construction), a welded or rebuilt
  // solid for a hosted backend's.
  let printable: TexturedModel;
  let modelStats: Record<string, unknown>;
  let warnings: string[] = [];
  if (job.sourceModel) {
    progress('topology', 0);
    const normalized = await normalizeSourceModel(job.sourceModel, { topology: job.topology });
    model = normalized.model;
    printable = normalized.printable;
    modelStats = { triangles: normalized.stats.triangles, source: normalized.stats };
    progress('texture', shares.convert);
  } else {
    const converted = await engine.convert(engineInput(job), {
      topology: job.topology,
      onProgress: (stage, fraction) =>
        progress(stage === 'done' ? 'export' : stage, fraction * shares.convert),
    });
    model = converted;
    printable = converted;
    warnings = converted.stats.views?.warnings ?? [];
    modelStats = {
      triangles: converted.stats.triangles,
      isolation: converted.stats.isolation,
      ...(converted.stats.segmenter ? { segmenter: converted.stats.segmenter } : {}),
      convertMs: converted.stats.totalMs,
      ...(converted.stats.views ? { views: converted.stats.views } : {}),
    };
  }

  const files: ProducedFile[] = [];
  for (const [i, format] of EXPORT_FORMATS.entries()) {
    progress('export', shares.convert + ((shares.export - shares.convert) * i) / EXPORT_FORMATS.length);
    const print = format === 'stl' || format === '3mf';
    const { files: exported } = await engine.exportModel(print ? printable : model, format, {
      baseName: job.baseName,
    });
    const file = exported[0];
    // The print promise is checked on the bytes the user downloads, whichever backend made the shape.
    if (format === 'stl' || format === '3mf') assertPrintable(format, file.data);
    files.push({ role: format, name: file.name, contentType: file.contentType, data: file.data });
  }

  progress('render', shares.export);
  const size = PIPELINE_DEFAULTS.posterSize;
  const video =
    job.kind === 'video'
      ? await renderTurntable(model, {
          threads: job.renderThreads,
          onProgress: (f) => progress('render', shares.export + (1 - shares.export) * f),
        })
      : null;
  const stills = video ?? (await renderPoster(model, { width: size, height: size }));
  const ext = stills.posterMime === 'image/png' ? 'png' : 'webp';
  files.push({
    role: 'poster',
    name: `${job.baseName}-poster.${ext}`,
    contentType: stills.posterMime,
    data: stills.poster,
  });
  files.push({
    role: 'thumbnail',
    name: `${job.baseName}-thumbnail.webp`,
    contentType: 'image/webp',
    data: stills.thumbnail,
  });
  if (video) {
    files.push({ role: 'mp4', name: `${job.baseName}.mp4`, contentType: 'video/mp4', data: video.mp4 });
  }
  return {
    files,
    stats: {
      ...modelStats,
      videoSeconds: video ? Math.round(video.stats.seconds * 100) / 100 : 0,
    },
    warnings,
  };
}

export { createEngine };
