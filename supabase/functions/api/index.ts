// Edge Function entry point: on Supabase it is served at /functions/v1/api/*; the local stack serves the
// same file with Deno behind its gateway at /api/*.
import { createApp } from './app.ts';
import { buildDeps } from './core/build-deps.ts';
import { loadConfig } from './core/config.ts';

const config = loadConfig(Deno.env);
const app = createApp(buildDeps(config));
Deno.serve(
  {
    port: config.port,
    hostname: config.host,
    onListen: () => console.log(`api listening on ${config.port}`),
  },
  app.fetch,
);
