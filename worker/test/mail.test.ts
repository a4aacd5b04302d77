// Mail that never gets lost: a message stored while the SMTP server is down stays in the outbox with its
// attempts and error, and is delivered exactly once when SMTP comes back. Real PostgreSQL, the worker's
// own queue (graphile-worker) started in-process, a real SMTP server (smtp-server) on 127.0.0.1.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage } from '@lift3d/storage';
import type { Runner } from 'graphile-worker';
import nodemailer from 'nodemailer';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createBackends } from '../src/backends/index.ts';
import { loadWorkerConfig } from '../src/config.ts';
import type { EngineRunner } from '../src/convert/engine-runner.ts';
import { installQueue, startQueue } from '../src/queue.ts';
import { buildTaskList } from '../src/tasks/index.ts';
import { waitFor } from './support/generation-harness.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server that can be stopped and started again on the same port. */
function smtp() {
  const received: Received[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          done();
        });
      },
    });
  return {
    received,
    get port() {
      return port;
    },
    get running() {
      return server !== null;
    },
    async start() {
      server = create();
      const s = server;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      port = (s.server.address() as AddressInfo).port;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

let db: TestDatabase;
let sql: postgres.Sql;
let runner: Runner;
let storageDir: string;
const server = smtp();

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  // Learn a free port, then take the server down: SMTP is "out" when the message arrives.
  await server.start();
  await server.stop();
  sql = postgres(db.url, { max: 3, onnotice: () => {} });
  storageDir = await mkdtemp(join(tmpdir(), 'lift3d-mail-test-'));
  const config = loadWorkerConfig({ DATABASE_URL: db.url, STORAGE_DIR: storageDir });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 2000,
  });
  const taskList = buildTaskList({
    sql,
    transport,
    from: config.mailFrom,
    config,
    storage: createDiskStorage(storageDir),
    engine: {} as EngineRunner, // no conversion runs in this test
    backends: createBackends(config.backends),
    log: () => {},
  });
  runner = await startQueue({
    databaseUrl: db.url,
    embeddedDatabase: false,
    taskList,
    concurrency: 2,
    pollIntervalMs: 200,
    crontab: '',
  });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await sql?.end();
  await server.stop();
  await db?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

test('a message sent while SMTP is down is kept, retried, and delivered once when SMTP is back', async () => {
  // What POST /api/contact does: one call stores the message and queues its mail (and its job).
  const [{ id: messageId }] = await sql`
    select public.submit_message('contact', 'ada@example.test',
      ${sql.json({ name: 'Ada', subject: 'Outage test', message: 'Is anyone there?' })}) as id`;
  const [message] = await sql`select mail_id from public.messages where id = ${messageId}`;
  const mailId = Number(message.mail_id);

  // SMTP is down: the job fails, the row records the attempt and the error, nothing is marked sent.
  const failed = await waitFor(
    'a failed delivery attempt to be recorded',
    async () => {
      const [row] =
        await sql`select attempts, last_error, sent_at, next_attempt_at from public.mail_outbox where id = ${mailId}`;
      return row.attempts >= 1 ? row : null;
    },
    15_000,
  );
  expect(failed.sent_at).toBeNull();
  expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
  expect(server.received).toHaveLength(0);
  const [stillStored] = await sql`select count(*)::int as n from public.messages where id = ${messageId}`;
  expect(stillStored.n).toBe(1);
  const [job] = await sql`
    select attempts, last_error from graphile_worker.jobs where key = ${`mail:${mailId}`}`;
  expect(job.attempts).toBeGreaterThanOrEqual(1);
  expect(job.last_error).toMatch(/send_mail: delivery of outbox row/);

  // SMTP comes back: graphile-worker's backoff retries the job and the mail goes out.
  await server.start();
  const sent = await waitFor(
    'the mail to be delivered after SMTP came back',
    async () => {
      const [row] =
        await sql`select sent_at, attempts, last_error from public.mail_outbox where id = ${mailId}`;
      return row.sent_at ? row : null;
    },
    30_000,
  );
  expect(sent.last_error).toBeNull();
  expect(sent.attempts).toBeGreaterThanOrEqual(2);
  expect(server.received).toHaveLength(1);
  const [mail] = server.received;
  expect(mail.to).toEqual(['hello@lift3d.app']);
  expect(mail.raw).toMatch(/^Subject: Contact: Outage test$/m);
  expect(mail.raw).toMatch(/^Reply-To: ada@example\.test$/m);
  expect(mail.raw).toContain('Is anyone there?');

  // No duplicates: the job is gone, and a sweep (and a stray re-run of the job) deliver nothing more.
  await waitFor(
    'the job to be removed',
    async () => {
      const rows = await sql`select 1 from graphile_worker.jobs where key = ${`mail:${mailId}`}`;
      return rows.length === 0;
    },
    5_000,
  );
  await sql`select graphile_worker.add_job('mail_sweep', '{}'::json)`;
  await sql`select graphile_worker.add_job('send_mail', json_build_object('id', ${mailId}::bigint))`;
  await waitFor(
    'the extra jobs to finish',
    async () => {
      const [row] = await sql`select count(*)::int as n from graphile_worker.jobs`;
      return row.n === 0;
    },
    10_000,
  );
  expect(server.received).toHaveLength(1);
}, 60_000);

test('mail queued while SMTP is up is delivered at once, one message per row', async () => {
  if (!server.running) await server.start();
  const ids = await sql`
    select public.submit_message('waitlist', 'w' || i || '@example.test', '{}'::jsonb) as id
      from generate_series(1, 3) as i`;
  expect(ids).toHaveLength(3);
  const before = server.received.length;
  await waitFor(
    'three waitlist mails to be delivered',
    async () => {
      const [row] = await sql`
        select count(*)::int as n from public.mail_outbox where kind = 'waitlist' and sent_at is not null`;
      return row.n === 3;
    },
    15_000,
  );
  const waitlist = server.received.slice(before);
  expect(waitlist).toHaveLength(3);
  for (const mail of waitlist) expect(mail.raw).toMatch(/^Subject: Mobile App Waitlist Signup$/m);
}, 30_000);
