/**
 * Dead-code check (`npm run lint`): unused files, exports, types and dependencies in every workspace.
 *
 * Entry points knip cannot see on its own are listed here: files started by path (the worker's forked engine
 * process, the render worker, the Docker HEALTHCHECK, the stand-in servers), scripts run by hand, and the Deno
 * function with its Deno tests. The function is not an npm package: its bare imports resolve through
 * `supabase/functions/api/deno.json`, so the npm packages that import map names are Deno's dependencies, not
 * unlisted ones, and `deno check` (in `npm run typecheck`) already fails on any import the map lacks.
 */
import { readFileSync } from 'node:fs';
import type { KnipConfig } from 'knip';

const denoJson = JSON.parse(readFileSync('supabase/functions/api/deno.json', 'utf8')) as {
  imports: Record<string, string>;
};
// The map's local entries (`@lift3d/contract` → `../_shared/contract/index.ts`) as knip paths, so the
// function's imports of them count as uses of those files exactly as Deno resolves them.
const denoPaths = Object.fromEntries(
  Object.entries(denoJson.imports)
    .filter(([, target]) => target.startsWith('.'))
    // A prefix mapping (`@lift3d/common/` → `../_shared/common/`) becomes a wildcard pattern.
    .map(([name, target]) =>
      name.endsWith('/')
        ? [`${name}*`, [`supabase/functions/api/${target}*`]]
        : [name, [`supabase/functions/api/${target}`]],
    ),
);

const config: KnipConfig = {
  // The function's npm packages are named in its import map (`npm:…`), not in a package.json.
  ignoreIssues: { 'supabase/functions/api/**': ['unlisted'] },
  // System programs: `.ci/run` installs them with apt (chrt comes with util-linux, part of every Debian).
  ignoreBinaries: ['ffmpeg', 'assimp', 'systemd-analyze', 'chrt'],
  workspaces: {
    '.': {
      entry: [
        'scripts/*.ts',
        'scripts/contract-flip/main.ts',
        'scripts/support/standin-worker.ts',
        // Built by Vite for the server and loaded by scripts/build-web.ts to prerender the public pages.
        'src/prerender/render.tsx',
        'supabase/functions/api/index.ts',
        'supabase/functions/api/tests/**/*.test.ts',
        'supabase/functions/api/tests/paypal-standin-server.ts',
      ],
      project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.ts', 'e2e/**/*.ts', 'supabase/functions/**/*.ts'],
      paths: denoPaths,
      // The Supabase CLI: the deploy commands of the README (`npx supabase db push`, `functions deploy`).
      // @supabase/auth-ui-react: on the design card, but its views cannot keep ours (README, "Kept on purpose").
      ignoreDependencies: ['supabase', '@supabase/auth-ui-react'],
    },
    engine: {
      entry: [
        'src/video/render-worker.ts',
        'src/video/render-worker-boot.mjs',
        'bench/*.bench.ts',
        // Writes src/isolate/isnet-calibration.ts (run by hand when the model or the tuning photos change).
        'bench/isnet-calibrate.ts',
        'test/**/*.test.ts',
        'test/topology/photos-table.ts',
      ],
      project: ['src/**/*.{ts,mjs}', 'bin/*.js', 'bench/**/*.ts', 'test/**/*.ts'],
      // An optional ffmpeg the engine uses when the OS has none (documented in its error message).
      ignoreDependencies: ['@ffmpeg-installer/ffmpeg'],
    },
    worker: {
      entry: [
        'src/healthcheck.ts',
        'src/convert/engine-process.ts',
        'src/convert/engine-process-boot.mjs',
        'test/**/*.test.ts',
      ],
      project: ['src/**/*.{ts,mjs}', 'test/**/*.ts'],
    },
    local: {
      entry: ['test/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'supabase/functions/_shared/contract': { project: ['**/*.ts'] },
    'supabase/functions/_shared/storage': { project: ['**/*.ts'] },
    'supabase/functions/_shared/common': { project: ['**/*.ts'] },
  },
};

export default config;
