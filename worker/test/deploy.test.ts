// The worker's deployment artefacts say what the worker really does: the image and the systemd unit run
// the same command as `npm run worker`, probe the worker's own healthcheck, stop it with SIGTERM and give it
// longer than its hand-back takes, restart it after a crash, and install every package it imports.
// The unit also passes `systemd-analyze verify` where systemd is installed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadWorkerConfig } from '../src/config.ts';
import { repoRoot } from './support/generation-harness.ts';

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const rootPackage = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
/** `npm run worker` as argv: what every deployment must run. */
const workerCommand = rootPackage.scripts.worker.split(/\s+/);
const defaults = loadWorkerConfig({ DATABASE_URL: 'postgres://unused' });
/** After SIGTERM the worker hands its job back after the grace period and exits by itself 30 s later at most. */
const selfExitSeconds = defaults.stopGraceMs / 1000 + 30;

/** Dockerfile instructions with continuation lines joined; comments kept apart. */
function dockerfile() {
  const text = read('worker/Dockerfile');
  const comments = text
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .join('\n');
  const joined = text
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const instructions = joined
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [keyword, ...rest] = l.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
  return { comments, instructions };
}

/** The unit's [Section] → key → values (a key may repeat). */
function unit(path: string) {
  const sections = new Map<string, Map<string, string[]>>();
  let current = new Map<string, string[]>();
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.set(section[1], current);
      continue;
    }
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    current.set(key, [...(current.get(key) ?? []), line.slice(eq + 1)]);
  }
  return (section: string, key: string) => sections.get(section)?.get(key)?.at(-1);
}

/** Seconds in systemd's or Docker's duration syntax ("60", "60s", "2min", "1m30s"). */
function seconds(value: string): number {
  let total = 0;
  for (const [, n, u] of value.matchAll(/(\d+)\s*(min|ms|s|m|h)?/g)) {
    const unitSeconds = { ms: 0.001, s: 1, m: 60, min: 60, h: 3600 }[u ?? 's'] ?? 1;
    total += Number(n) * unitSeconds;
  }
  return total;
}

describe('worker/Dockerfile', () => {
  const { comments, instructions } = dockerfile();
  const one = (keyword: string) => instructions.filter((i) => i.keyword === keyword);

  test('runs `npm run worker` itself as PID 1 (exec form, no npm or shell wrapper in between)', () => {
    const [cmd] = one('CMD');
    expect(JSON.parse(cmd.args)).toEqual(workerCommand);
    expect(existsSync(join(repoRoot, 'worker/src/main.ts'))).toBe(true);
    expect(one('ENTRYPOINT')).toEqual([]);
  });

  test("its HEALTHCHECK is the worker's own heartbeat check, within a bounded time", () => {
    const [health] = one('HEALTHCHECK');
    const command = /CMD\s+(\[.*\])/.exec(health.args)?.[1];
    expect(JSON.parse(command ?? '[]')).toEqual(['node', '--import', 'tsx', 'worker/src/healthcheck.ts']);
    expect(existsSync(join(repoRoot, 'worker/src/healthcheck.ts'))).toBe(true);
    const option = (name: string) => seconds(new RegExp(`--${name}=(\\S+)`).exec(health.args)?.[1] ?? '0');
    expect(option('timeout')).toBeGreaterThan(0);
    // A worker writes its heartbeat every WORKER_HEARTBEAT_SECONDS; the probe calls it stale after 30 s.
    expect(option('interval')).toBeGreaterThanOrEqual(defaults.workerHeartbeatMs / 1000);
  });

  test('is stopped with SIGTERM and documents a stop timeout longer than the hand-back', () => {
    const signal = one('STOPSIGNAL').at(-1)?.args ?? 'SIGTERM';
    expect(signal).toBe('SIGTERM');
    const timeout = /--stop-timeout[= ](\d+)/.exec(comments)?.[1];
    expect(Number(timeout)).toBeGreaterThan(selfExitSeconds);
    const readme = read('README.md');
    expect(Number(/--stop-timeout (\d+)/.exec(readme)?.[1])).toBeGreaterThan(selfExitSeconds);
    expect(Number(/terminationGracePeriodSeconds: (\d+)/.exec(readme)?.[1])).toBeGreaterThan(selfExitSeconds);
  });

  test('installs every workspace the worker imports, from manifests copied before the install', () => {
    const install = one('RUN').find((r) => /npm (ci|install)/.test(r.args));
    expect(install, 'an npm install step').toBeDefined();
    const installed = [...install!.args.matchAll(/--workspace=(\S+)/g)].map((m) => m[1]);
    const before = instructions.slice(0, instructions.indexOf(install!));
    const copied = before
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    // The worker's workspaces and theirs, from the manifests themselves.
    const manifests: Record<string, string> = Object.fromEntries(
      (JSON.parse(read('package.json')).workspaces as string[]).map((dir) => [
        JSON.parse(read(`${dir}/package.json`)).name,
        `${dir}/package.json`,
      ]),
    );
    const needed = new Set<string>();
    const visit = (name: string) => {
      if (needed.has(name)) return;
      needed.add(name);
      const deps = JSON.parse(read(manifests[name])).dependencies ?? {};
      for (const dep of Object.keys(deps)) if (dep.startsWith('@lift3d/')) visit(dep);
    };
    visit('@lift3d/worker');
    for (const name of needed) {
      expect(installed, `${name} is installed`).toContain(name);
      expect(copied, `${manifests[name]} is copied before the install`).toContain(manifests[name]);
    }
    // ffmpeg for turntable videos; the image's user is not root.
    expect(one('RUN').some((r) => /apt-get install[^&]*\bffmpeg\b/.test(r.args))).toBe(true);
    expect(one('USER').at(-1)?.args).not.toMatch(/^(root|0)$/);
  });

  test('copies only paths that exist, and leaves local build output out of the context', () => {
    for (const copy of one('COPY')) {
      for (const source of copy.args.split(/\s+/).slice(0, -1))
        expect(existsSync(join(repoRoot, source)), `COPY ${source}`).toBe(true);
    }
    const ignored = read('.dockerignore').split('\n');
    for (const path of ['node_modules', '**/node_modules', 'data', 'dist', '.git'])
      expect(ignored).toContain(path);
  });
});

describe('worker/deploy/lift3d-worker@.service', () => {
  const path = join(repoRoot, 'worker/deploy/lift3d-worker@.service');
  const get = unit(path);

  test('runs `npm run worker` from the installed repository', () => {
    const exec = get('Service', 'ExecStart')!.split(/\s+/);
    expect(exec[0]).toMatch(/^\/.*\/node$/);
    expect(['node', ...exec.slice(1)]).toEqual(workerCommand);
    expect(get('Service', 'WorkingDirectory')).toMatch(/^\//);
    expect(get('Service', 'EnvironmentFile')).toMatch(/^-?\//);
  });

  test('stops with SIGTERM to the worker and waits longer than its hand-back before killing', () => {
    expect(get('Service', 'KillSignal') ?? 'SIGTERM').toBe('SIGTERM');
    // mixed: SIGTERM to the worker only (it stops its engine process itself), SIGKILL to all at the end.
    expect(get('Service', 'KillMode')).toBe('mixed');
    expect(seconds(get('Service', 'TimeoutStopSec') ?? '90')).toBeGreaterThan(selfExitSeconds);
  });

  test('restarts after a crash with a pause, and gives up on a crash loop', () => {
    expect(['always', 'on-failure']).toContain(get('Service', 'Restart'));
    expect(seconds(get('Service', 'RestartSec') ?? '0')).toBeGreaterThan(0);
    expect(Number(get('Unit', 'StartLimitBurst'))).toBeGreaterThan(0);
    expect(seconds(get('Unit', 'StartLimitIntervalSec') ?? '0')).toBeGreaterThan(0);
  });

  const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;
  const node = get('Service', 'ExecStart')!.split(/\s+/)[0];
  test.skipIf(!analyze || !existsSync(node))('passes systemd-analyze verify as an instance', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lift3d-unit-'));
    try {
      copyFileSync(path, join(dir, 'lift3d-worker@.service'));
      copyFileSync(path, join(dir, 'lift3d-worker@1.service'));
      const run = spawnSync('systemd-analyze', ['verify', join(dir, 'lift3d-worker@1.service')], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
