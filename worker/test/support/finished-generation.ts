/**
 * A finished generation without converting: for tests about the page, the download or the share, not the
 * conversion. The row goes the way the api and the worker take it, through the same SQL functions: the
 * photo recorded and stored as the api does (record_api_uploads), created and charged as the user
 * (create_generation, name_generation_input), then started, given its backend and completed with its
 * outputs (generation_start, generation_provider_task, generation_complete) as the worker does, the files
 * stored under the keys the worker uses. Those files are a real conversion's, made once by the engine
 * (finished-fixture.ts).
 *
 * Everything after the upload is one transaction that also removes the convert job create_generation
 * queued, so no worker ever sees the generation queued, and a failure leaves no charge behind.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDiskStorage, type Storage } from '@lift3d/storage';
import type postgres from 'postgres';
import { finishedFixture } from './finished-fixture.ts';

export interface SeedOptions {
  /** 'video' adds the turntable MP4 (a 3D Preview); 'model' has the formats, poster and thumbnail. */
  kind: 'model' | 'video';
  format: string;
  topology: 'low' | 'high';
  /** What downloads are named after, as the api names a conversion after its photo's file name. */
  name: string;
  /** What the engine could not use as given, stored with the completion. */
  warnings: string[];
}

export const SEED_DEFAULTS: SeedOptions = {
  kind: 'model',
  format: 'glb',
  topology: 'low',
  name: 'Demo-1',
  warnings: [],
};

// A type, not an interface: postgres's json() takes only types it can see are JSON (index signature).
export type StoredOutput = {
  key: string;
  contentType: string;
  bytes: number;
  name: string;
};

export interface SeededGeneration {
  id: string;
  inputKey: string;
  outputs: Record<string, StoredOutput>;
}

/** The token the completing "worker" holds (the worker's own is pool:job:attempt). */
const SEED_WORKER = 'seed';

/** `storage`: the stack's storage, or the folder of its disk storage (STORAGE_DIR). */
export async function seedFinishedGeneration(
  sql: postgres.Sql,
  storage: Storage | string,
  userId: string,
  options: Partial<SeedOptions> = {},
): Promise<SeededGeneration> {
  const o = { ...SEED_DEFAULTS, ...options };
  const store = typeof storage === 'string' ? createDiskStorage(storage) : storage;
  const fixture = await finishedFixture();
  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });

  // The api: the photo recorded as the caller's, then stored.
  const photo = new Uint8Array(readFileSync(fixture.photo));
  const inputKey = `uploads/${randomUUID()}.png`;
  await sql.begin(async (tx) => {
    await tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', ${claims}, true)`;
    await tx`select public.record_api_uploads(${[inputKey]}::text[], ${['image/png']}::text[],
               ${[photo.byteLength]}::integer[], 'paid')`;
  });
  await store.put(inputKey, photo, 'image/png');

  const stored: string[] = [];
  try {
    return await sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
      const [created] = await tx<{ id: string }[]>`
        select id from public.create_generation(${o.kind}, ${o.format}, ${o.topology}, ${inputKey}, 'image/png',
                                                ${photo.byteLength}, null)`;
      const id = created.id;
      await tx`select public.name_generation_input(${id}, ${o.name})`;
      await tx`reset role`;
      await tx`select graphile_worker.remove_job(${`generation:${id}`})`;

      // The worker: started, its backend recorded, the files stored, then completed with their keys.
      const [started] = await tx`select id from public.generation_start(${id}, ${SEED_WORKER}, 1)`;
      if (!started?.id) throw new Error(`seed: generation ${id} could not be started`);
      await tx`select public.generation_provider_task(${id}, ${SEED_WORKER}, 'builtin', ${null})`;
      const stem = `lift3d-${id.slice(0, 8)}`;
      const outputs: Record<string, StoredOutput> = {};
      for (const file of fixture.files) {
        if (file.role === 'mp4' && o.kind !== 'video') continue;
        const name = file.name.replace('lift3d-fixture', stem);
        const data = new Uint8Array(readFileSync(join(fixture.dir, file.name)));
        const key = `generations/${id}/${name}`;
        stored.push(key);
        await store.put(key, data, file.contentType);
        outputs[file.role] = { key, contentType: file.contentType, bytes: data.byteLength, name };
      }
      const [done] = await tx`
        select public.generation_complete(${id}, ${SEED_WORKER}, ${tx.json(outputs)}, ${o.warnings}::text[]) as ok`;
      if (!done.ok) throw new Error(`seed: generation ${id} could not be completed`);
      return { id, inputKey, outputs };
    });
  } catch (error) {
    // Nothing was committed: what was stored for it would be nobody's.
    await Promise.allSettled([inputKey, ...stored].map((key) => store.delete(key)));
    throw error;
  }
}
