// A conversion cancelled by its owner while the worker stores its results: the worker stops and removes
// what it stored, so no result file of a cancelled conversion is left in storage. The cancel is made at the
// moment the first result object is written (a storage that cancels on its first result put), so the
// race is hit every run; the engine and the database are real.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage } from '@lift3d/storage';
import type { JobHelpers } from 'graphile-worker';
import { expect, test } from 'vitest';
import { useDirectConvert } from './support/direct-convert.ts';

const env = useDirectConvert('cancel-cleanup');

test('results stored by a conversion cancelled meanwhile are removed', async () => {
  const sql = env.db.sql;
  const { user, id, disk } = await env.photoGeneration();
  let cancelled = false;
  // The owner cancels just as the first result object is written.
  const storage: Storage = {
    ...disk,
    async put(k, bytes, type) {
      if (k.startsWith('generations/') && !cancelled) {
        cancelled = true;
        await sql.begin(async (tx) => {
          await tx`select set_config('role', 'authenticated', true),
                          set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
          await tx`select public.cancel_generation(${id})`;
        });
      }
      return disk.put(k, bytes, type);
    },
  };
  const logs: string[] = [];
  const task = env.task({ storage, heartbeatMs: 60_000, log: (line) => logs.push(line) });
  const helpers = {
    job: { id: '1', attempts: 1, max_attempts: 3, locked_by: 'test' },
  } as unknown as JobHelpers;
  await task({ id }, helpers);

  expect(cancelled).toBe(true);
  const [row] = await sql`select status, outputs from public.generations where id = ${id}`;
  expect(row.status).toBe('failed');
  expect(row.outputs).toEqual({});
  expect(logs.join('\n')).toMatch(/cancelled; stopped/);
  const left = await readdir(join(env.dir, 'generations', id)).catch(() => []);
  expect(left).toEqual([]);
}, 300_000);
