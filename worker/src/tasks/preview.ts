/**
 * The `preview` job: the free quick shape of a user's chosen photos (public.previews), made by the engine
 * process like a conversion (preview-pipeline.ts) and stored as previews/<id>/shape.glb.
 *
 * Safe to re-run: preview_start returns nothing for a preview that is made, converted, expired or gone,
 * the shape is written under its fixed key, and preview_complete only moves a processing preview.
 * No credits are involved, so a failure is only a message for the user.
 */
import type { Storage } from '@lift3d/storage';
import type { Task } from 'graphile-worker';
import type { Sql } from 'postgres';
import { EngineJobError, type EngineRunner } from '../convert/engine-runner.ts';
import type { FocalLengths } from '../convert/protocol.ts';
import type { JobPayloads } from '../registry.ts';

export interface PreviewDeps {
  sql: Sql;
  storage: Storage;
  engine: EngineRunner;
  /** Wall-clock limit of one preview; the engine process is killed past it. */
  timeoutMs?: number;
  maxInputBytes?: number;
  log: (line: string) => void;
}

const PREVIEW_TASK_DEFAULTS = {
  timeoutMs: 120_000,
  maxInputBytes: 25 * 1024 * 1024,
  failed: 'The preview could not be made. You can still convert the photos.',
  missing: 'The photos of this preview are no longer available. Please choose them again.',
  timedOut: 'The preview took too long. You can still convert the photos.',
};

interface PreviewRow {
  id: string;
  input_key: string;
  views: Record<string, { key: string }>;
  focal_lengths: FocalLengths;
}

async function readPhoto(storage: Storage, key: string, maxBytes: number): Promise<Uint8Array | null> {
  const bytes = await storage.getBytes(key);
  return bytes && bytes.byteLength <= maxBytes ? bytes : null;
}

export function previewTask(deps: PreviewDeps): Task {
  const o = { ...PREVIEW_TASK_DEFAULTS, ...deps };
  return async (payload) => {
    const { id } = payload as JobPayloads['preview'];
    const [row] = await deps.sql<
      PreviewRow[]
    >`select * from public.preview_start(${id}) where id is not null`;
    if (!row) return;
    const fail = async (message: string) => {
      await deps.sql`select public.preview_fail(${id}, ${message})`;
      deps.log(`preview: ${id} failed: ${message}`);
    };
    const input = await readPhoto(deps.storage, row.input_key, o.maxInputBytes);
    if (!input) return fail(o.missing);
    const views: Record<string, Uint8Array> = {};
    for (const [name, view] of Object.entries(row.views ?? {})) {
      const bytes = await readPhoto(deps.storage, view.key, o.maxInputBytes);
      if (!bytes) return fail(o.missing);
      views[name] = bytes;
    }
    const started = Date.now();
    const run = deps.engine.run(
      {
        input,
        views,
        topology: 'low',
        kind: 'model',
        baseName: 'preview',
        renderThreads: 1,
        preview: true,
        focalLength35mm: Object.keys(row.focal_lengths ?? {}).length ? row.focal_lengths : undefined,
      },
      () => {},
    );
    const timer = setTimeout(run.cancel, o.timeoutMs);
    try {
      const produced = await run.result;
      const key = `previews/${id}/shape.glb`;
      await deps.storage.put(key, produced.files[0].data, 'model/gltf-binary');
      const [done] = await deps.sql`select public.preview_complete(${id}, ${key},
        ${deps.sql.json({ ...produced.stats, ms: Date.now() - started, warnings: produced.warnings } as never)}) as ok`;
      // Expired or swept meanwhile: nobody will read this shape.
      if (!done.ok) await deps.storage.delete(key);
      deps.log(`preview: ${id} made in ${Date.now() - started} ms`);
    } catch (error) {
      if (!(error instanceof EngineJobError)) throw error;
      if (error.code === 'cancelled') return fail(o.timedOut);
      // The engine's own words when they are for the user (no subject found, unreadable image).
      return fail(error.userFacing ? error.message : o.failed);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** preview_sweep (every 5 minutes): deletes the shapes of previews past their time and marks them expired. */
export function previewSweepTask(deps: Pick<PreviewDeps, 'sql' | 'storage' | 'log'>): Task {
  return async () => {
    const swept = await deps.sql.begin(async (tx) => {
      const rows = await tx`select id, shape_key from public.take_expired_previews(200)`;
      if (rows.length === 0) return 0;
      // A failed delete throws: nothing is marked and the job is retried.
      for (const r of rows) if (r.shape_key) await deps.storage.delete(r.shape_key as string);
      const [{ n }] =
        await tx`select public.mark_previews_expired(${rows.map((r) => r.id as string)}::uuid[]) as n`;
      return Number(n);
    });
    if (swept > 0) deps.log(`preview_sweep: ${swept} preview(s) expired`);
  };
}
