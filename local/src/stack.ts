/**
 * The local stack: everything a Supabase project gives Lift3D, on one machine without Docker.
 * Used by `npm start` (main.ts) and by the browser tests.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { installQueue } from '@lift3d/worker/queue';
import { type ApiFunction, startApiFunction } from './api-function.ts';
import { createAuthStack } from './auth-stack.ts';
import type { LocalConfig } from './config.ts';
import { migrate, repoRoot } from './db/migrate.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/pglite.ts';
import { createGateway } from './gateway.ts';
import { logger } from './log.ts';
import { MAIL_INBOX_PATH, type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { withSecrets } from './secrets.ts';
import type { StackFailure } from './supervisor.ts';
import { startWorkerProcess, type WorkerProcess } from './worker-process.ts';

export interface Stack {
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /**
   * A supervised part (worker, api function) is in a crash loop. By default the stack stops and the
   * process exits 1 with the failure's message; the message is always logged first.
   */
  onFatal?: (failure: StackFailure) => void;
}

export class ProductionRefusal extends Error {}

export async function startStack(localConfig: LocalConfig, options: StackOptions = {}): Promise<Stack> {
  if (localConfig.nodeEnv === 'production') {
    throw new ProductionRefusal(
      'stack: the local stack is a development tool and refuses to run with NODE_ENV=production. ' +
        'Deploy to Supabase instead (see "Deploying to Supabase" in README.md).',
    );
  }
  // Before anything listens: random secrets per data folder, and no published secret beyond loopback.
  const config = withSecrets(localConfig);
  const log = logger('stack');
  const started = Date.now();
  const stops: Array<() => Promise<void>> = [];
  // Supervised parts, told at once that the stack is stopping (they are stopped one by one after).
  const halts: Array<() => void> = [];
  let stopped: Promise<void> | null = null;
  const stopAll = () => {
    for (const halt of halts) halt();
    stopped ??= (async () => {
      for (const stop of stops.reverse()) await stop().catch((e: Error) => log(`stop failed: ${e.message}`));
    })();
    return stopped;
  };
  const onGiveUp = (failure: StackFailure) => {
    log(`${failure.message} Stopping the whole stack.`);
    if (options.onFatal) return options.onFatal(failure);
    void stopAll().then(() => process.exit(1));
  };
  try {
    // 1. Database: embedded PGlite in DATA_DIR, or the PostgreSQL named by DATABASE_URL.
    const dbLog = logger('db');
    let databaseUrl = config.databaseUrl;
    let embedded: EmbeddedDatabase | null = null;
    if (!databaseUrl) {
      mkdirSync(config.dataDir, { recursive: true });
      embedded = await startEmbeddedDatabase({ dataDir: join(config.dataDir, 'pglite') });
      stops.push(() => embedded!.stop());
      databaseUrl = embedded.url;
      dbLog(`embedded PostgreSQL (PGlite) in ${join(config.dataDir, 'pglite')}, serving ${embedded.url}`);
    } else {
      dbLog(`using ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);
    }
    await migrate(databaseUrl, { seed: true, log: dbLog });
    // The job queue's schema too, so SQL functions can enqueue before any worker has started.
    await installQueue({ databaseUrl, embeddedDatabase: embedded !== null });
    dbLog('schema is up to date');

    // 2. Auth server (Supabase Auth API subset) and its keys.
    const auth = await createAuthStack(config, databaseUrl, logger('auth'));
    stops.push(auth.stop);

    // 3. The api Edge Function under Deno.
    const apiLog = logger('api');
    const api: ApiFunction = await startApiFunction({
      databaseUrl,
      embeddedDatabase: embedded !== null,
      jwtSecret: config.jwtSecret,
      supabaseUrl: config.siteUrl,
      anonKey: auth.keys.anonKey,
      serviceRoleKey: auth.keys.serviceRoleKey,
      // Uploads and results on local disk, shared with the worker (worker-process.ts sets the same).
      extraEnv: {
        STORAGE_DIR: join(config.dataDir, 'storage'),
        ...(config.s3?.env ?? {}),
        URL_SIGNING_SECRET: config.urlSigningSecret,
        // og:image links of share pages point at the gateway's /api, where browsers and crawlers reach it.
        PUBLIC_API_URL: `${config.siteUrl.replace(/\/+$/, '')}/api`,
        // /api/health asks the auth server through the gateway, as a browser reaches it.
        AUTH_HEALTH_URL: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/auth/v1/health`,
        // The api charges through the PayPal the page is told about (config, not only this process's env).
        ...(config.paypal
          ? {
              PAYPAL_CLIENT_ID: config.paypal.clientId,
              PAYPAL_CLIENT_SECRET: config.paypal.clientSecret,
              PAYPAL_ENV: config.paypal.env,
              ...(config.paypal.apiBase ? { PAYPAL_API_BASE: config.paypal.apiBase } : {}),
            }
          : {}),
      },
      log: apiLog,
      onGiveUp,
    });
    stops.push(api.stop);
    halts.push(api.halt);

    // 4. The local inbox, where the worker delivers mail unless SMTP_URL names a real server.
    let inbox: MailCatcher | null = null;
    if (config.mailCatcher) {
      inbox = await startMailCatcher({
        catcher: config.mailCatcher,
        dataDir: config.dataDir,
        log: logger('mail'),
        onGiveUp,
      });
      stops.push(inbox.stop);
      halts.push(inbox.halt);
    }

    // 5. Worker (conversions and mail) when the workspace provides one.
    let worker: WorkerProcess | null = null;
    if (config.startWorker) {
      worker = await startWorkerProcess({
        config,
        databaseUrl,
        smtpUrl: inbox?.smtpUrl ?? config.smtpUrl,
        log: logger('worker'),
        onGiveUp,
      });
      if (worker) {
        stops.push(worker.stop);
        halts.push(worker.halt);
      }
    }

    // 6. Gateway on PORT.
    const gatewayLog = logger('gateway');
    const server: Server = createGateway({
      distDir: config.distDir,
      auth: auth.app,
      apiOrigin: api.origin,
      mailInboxOrigin: inbox?.webOrigin ?? null,
      connectOrigins: [
        ...new Set([
          new URL(config.siteUrl).origin,
          `http://localhost:${config.port}`,
          `http://127.0.0.1:${config.port}`,
          // S3 storage: the studio PUTs photos to the bucket and follows downloads' redirects to it.
          ...(config.s3 ? [config.s3.origin] : []),
        ]),
      ],
      publicConfig: {
        supabaseAnonKey: auth.keys.anonKey,
        googleEnabled: config.google !== null,
        payments: config.paypal ? 'paypal' : 'demo',
        paypalClientId: config.paypal?.clientId ?? null,
        mailInboxUrl: inbox ? `${MAIL_INBOX_PATH}/` : null,
      },
      log: gatewayLog,
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
    if (!existsSync(join(repoRoot, 'dist/index.html')))
      gatewayLog('dist/ is missing: run `npm run build` for the web app');

    // Other tools (admin:create, the browser tests) talk to the running stack and its database through this
    // file instead of opening PGlite a second time.
    const runtimeFile = join(config.dataDir, 'stack.json');
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(runtimeFile, JSON.stringify({ pid: process.pid, url, databaseUrl }, null, 2));
    stops.push(async () => rmSync(runtimeFile, { force: true }));
    if (inbox) gatewayLog(`mail inbox: ${url}${MAIL_INBOX_PATH}/ (SMTP at ${inbox.smtpUrl})`);
    gatewayLog(`Lift3D is ready at ${url} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { url, databaseUrl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
