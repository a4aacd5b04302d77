// Cancel: the owner or an admin stops a queued or running conversion; the credits come back exactly once,
// whoever asks and however often. (That a running engine really stops is worker/test/job-limits.test.ts.)
import assert from 'node:assert/strict';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('cancel-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

async function userWith(credits: number, opts: { admin?: boolean } = {}) {
  const user = await createUser(sql, opts);
  if (credits)
    await sql`select public.apply_credit_change(${user.id}, ${credits}, 'purchase', ${`test:${user.id}`})`;
  return { ...user, token: await tokenFor(user, opts) };
}

async function make(token: string) {
  const body = new FormData();
  body.set('format', 'glb');
  body.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'photo.png'));
  const res = await app.request('/api/generations', {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 202);
  return (await res.json()).generation.id as string;
}

const cancel = (id: string, token: string) =>
  app.request(`/api/generations/${id}/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
const balance = async (id: string) =>
  Number((await sql`select credits from public.profiles where id = ${id}`)[0].credits);
const refunds = async (id: string) =>
  Number(
    (await sql`select count(*)::int as n from public.credit_ledger where reference = ${`refund:${id}`}`)[0].n,
  );

test('the owner cancels a queued conversion: failed, refunded once, a second cancel is 409', async () => {
  const owner = await userWith(100);
  const id = await make(owner.token);
  assert.equal(await balance(owner.id), 50);
  const answers = await Promise.all([cancel(id, owner.token), cancel(id, owner.token)]);
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [200, 409], 'one cancel wins, the other finds it finished');
  const ok = answers.find((r) => r.status === 200)!;
  const { generation } = await ok.json();
  assert.equal(generation.status, 'failed');
  assert.equal(generation.error, 'Cancelled. Your credits have been refunded.');
  assert.equal(await balance(owner.id), 100);
  assert.equal(await refunds(id), 1);
  const again = await cancel(id, owner.token);
  assert.equal(again.status, 409);
  assert.match((await again.json()).error, /already finished/);
  assert.equal(await refunds(id), 1);
});

test('a running conversion can be cancelled; its worker can no longer write progress or complete it', async () => {
  const owner = await userWith(50);
  const id = await make(owner.token);
  const [started] = await sql`select id from public.generation_start(${id}, 'w1:1:1', 1)`;
  assert.equal(started.id, id);
  assert.equal((await cancel(id, owner.token)).status, 200);
  const [progress] = await sql`select public.generation_progress(${id}, 'w1:1:1', 'mesh', 0.5) as ok`;
  assert.equal(progress.ok, false, 'the heartbeat tells the worker to stop');
  const [done] = await sql`select public.generation_complete(${id}, 'w1:1:1', '{}'::jsonb) as ok`;
  assert.equal(done.ok, false);
  const [fail] = await sql`select public.generation_fail(${id}, 'w1:1:1', 'engine failed') as ok`;
  assert.equal(fail.ok, false, 'no second refund from the worker');
  assert.equal(await balance(owner.id), 50);
  assert.equal(await refunds(id), 1);
});

test("another user gets 404; an admin may cancel anyone's; a finished one is 409", async () => {
  const owner = await userWith(150);
  const stranger = await userWith(0);
  const admin = await userWith(0, { admin: true });
  const id = await make(owner.token);
  const refused = await cancel(id, stranger.token);
  assert.equal(refused.status, 404);
  assert.equal(await refunds(id), 0);
  const byAdmin = await cancel(id, admin.token);
  assert.equal(byAdmin.status, 200);
  assert.equal(
    (await byAdmin.json()).generation.error,
    'Cancelled by an administrator. Your credits have been refunded.',
  );
  assert.equal(await balance(owner.id), 150);

  const finished = await make(owner.token);
  await sql`select public.generation_start(${finished}, 'w2:1:1', 1)`;
  await sql`select public.generation_complete(${finished}, 'w2:1:1', '{}'::jsonb)`;
  assert.equal((await cancel(finished, owner.token)).status, 409);
  assert.equal(await balance(owner.id), 100);
  assert.equal((await cancel('not-a-uuid', owner.token)).status, 404);
  assert.equal((await app.request(`/api/generations/${finished}/cancel`, { method: 'POST' })).status, 401);
});
