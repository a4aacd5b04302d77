import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createGateway } from '../src/gateway.ts';
import { type MailCatcher, startMailCatcher } from '../src/mail-catcher.ts';

let catcher: MailCatcher;
let gateway: Server;
let base: string;

beforeAll(async () => {
  catcher = await startMailCatcher({
    catcher: { smtpPort: 0, webPort: 0 },
    dataDir: mkdtempSync(join(tmpdir(), 'mail-catcher-')),
    log: () => {},
    onGiveUp: (failure) => {
      throw failure;
    },
  });
  gateway = createGateway({
    distDir: mkdtempSync(join(tmpdir(), 'mail-dist-')),
    apiOrigin: 'http://127.0.0.1:9',
    mailInboxOrigin: catcher.webOrigin,
    auth: { fetch: () => new Response('auth') },
    publicConfig: {
      supabaseAnonKey: 'anon',
      googleEnabled: false,
      payments: 'demo',
      paypalClientId: null,
      mailInboxUrl: '/mail/',
    },
    log: () => {},
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
}, 90_000);

afterAll(async () => {
  gateway?.close();
  await catcher?.stop();
});

test('the local inbox is on unless SMTP_URL names a real server, MAIL_INBOX=0, or HOST is not loopback', () => {
  expect(loadConfig({}).mailCatcher).toEqual({ smtpPort: 0, webPort: 0 });
  expect(loadConfig({ MAIL_INBOX_SMTP_PORT: '1025', MAIL_INBOX_WEB_PORT: '1080' }).mailCatcher).toEqual({
    smtpPort: 1025,
    webPort: 1080,
  });
  expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example:465' }).mailCatcher).toBeNull();
  expect(loadConfig({ MAIL_INBOX: '0' }).mailCatcher).toBeNull();
  // Reset links are in there: beyond loopback only when asked for.
  expect(loadConfig({ HOST: '0.0.0.0' }).mailCatcher).toBeNull();
  expect(loadConfig({ HOST: '0.0.0.0', MAIL_INBOX: '1' }).mailCatcher).toEqual({ smtpPort: 0, webPort: 0 });
  expect(loadConfig({ HOST: 'localhost' }).mailCatcher).toEqual({ smtpPort: 0, webPort: 0 });
});

test('mail sent over SMTP to the catcher is listed in the inbox the gateway serves at /mail/', async () => {
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  await transport.sendMail({
    from: 'Lift3D <no-reply@lift3d.local>',
    to: 'reader@example.test',
    subject: 'Reset your password',
    text: 'Follow this link: http://localhost:3000/auth/v1/verify?token=t',
  });
  const list = await fetch(`${base}/mail/api/email`);
  expect(list.status).toBe(200);
  const mails = (await list.json()) as Array<{ subject: string; to: Array<{ address: string }> }>;
  expect(mails.map((m) => [m.subject, m.to[0]?.address])).toContainEqual([
    'Reset your password',
    'reader@example.test',
  ]);
  // The inbox page itself: MailDev's app under /mail/, without our pages' policy (it would block its frame).
  const page = await fetch(`${base}/mail/`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<base href="/mail/" />');
  expect(page.headers.get('content-security-policy')).toBeNull();
  // The SPA is told where the inbox is.
  const config = await fetch(`${base}/config.json`);
  expect(((await config.json()) as { mailInboxUrl: string }).mailInboxUrl).toBe('/mail/');
});
