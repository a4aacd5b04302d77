/**
 * Proves the contract is one declaration: one field of one schema is flipped (Generation.progress, a
 * number, becomes a string) and every package that uses the schema must then fail its type check outside
 * the contract. The SPA is checked with the TypeScript compiler API, the flipped file served from memory
 * (nothing on disk changes) and only files that import the contract checked, until the first error; the
 * api with `deno check` against a flipped copy of the contract named by a temporary import map.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const FLIP_DEFAULTS = {
  root: resolve(import.meta.dirname, '../..'),
  /** The schema file, relative to the root, and the one line that changes in it. */
  file: 'supabase/functions/_shared/contract/generation.ts',
  from: '  progress: z.number(),',
  to: '  progress: z.string(),',
};
export type FlipOptions = typeof FLIP_DEFAULTS;

export class ContractFlipError extends Error {
  override name = 'ContractFlipError';
}

export interface PackageResult {
  package: string;
  /** The first type error outside the contract, as `file(line): message`; null when it still type-checks. */
  firstError: string | null;
}

function flipped(o: FlipOptions): string {
  const text = readFileSync(join(o.root, o.file), 'utf8');
  if (!text.includes(o.from))
    throw new ContractFlipError(`${o.file} no longer has the line "${o.from.trim()}"`);
  return text.replace(o.from, o.to);
}

/** The SPA (tsconfig.app.json): its files that name the flipped field, checked until the first error. */
export function checkSpa(options: Partial<FlipOptions> = {}): PackageResult {
  const o = { ...FLIP_DEFAULTS, ...options };
  const target = join(o.root, o.file);
  const text = flipped(o);
  const config = ts.getParsedCommandLineOfConfigFile(
    join(o.root, 'tsconfig.app.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new ContractFlipError(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new ContractFlipError('tsconfig.app.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => (resolve(name) === target ? text : read(name));
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: { ...config.options, incremental: false },
    host,
  });
  const contractDir = dirname(target);
  const field = /^\s*(\w+)\s*:/.exec(o.from)?.[1];
  if (!field) throw new ContractFlipError(`"${o.from.trim()}" names no field`);
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.startsWith(contractDir)) continue;
    // A file that never names the field cannot misuse it; checking only the others keeps this quick.
    if (!file.text.includes(field)) continue;
    const [error] = program.getSemanticDiagnostics(file);
    if (error) {
      const line = error.start === undefined ? 0 : file.getLineAndCharacterOfPosition(error.start).line + 1;
      const message = ts.flattenDiagnosticMessageText(error.messageText, ' ').slice(0, 200);
      return { package: 'spa', firstError: `${file.fileName.slice(o.root.length + 1)}(${line}): ${message}` };
    }
  }
  return { package: 'spa', firstError: null };
}

/** The api (Deno): `deno check` with the contract's import-map entries pointing at a flipped copy. */
export function checkApi(options: Partial<FlipOptions> = {}): PackageResult {
  const o = { ...FLIP_DEFAULTS, ...options };
  const apiDir = join(o.root, 'supabase/functions/api');
  const contractDir = join(o.root, 'supabase/functions/_shared/contract');
  const temp = mkdtempSync(join(tmpdir(), 'contract-flip-'));
  try {
    const copy = join(temp, 'contract');
    cpSync(contractDir, copy, { recursive: true });
    writeFileSync(join(copy, o.file.slice('supabase/functions/_shared/contract/'.length)), flipped(o));
    const config = JSON.parse(readFileSync(join(apiDir, 'deno.json'), 'utf8')) as {
      imports: Record<string, string>;
    };
    const imports = Object.fromEntries(
      Object.entries(config.imports).map(([name, to]) => [
        name,
        name.startsWith('@lift3d/contract')
          ? to.replace('../_shared/contract', copy)
          : to.startsWith('.')
            ? resolve(apiDir, to) + (to.endsWith('/') ? '/' : '')
            : to,
      ]),
    );
    const denoJson = join(temp, 'deno.json');
    writeFileSync(denoJson, JSON.stringify({ ...config, imports }));
    const deno = join(o.root, 'node_modules/.bin/deno');
    const run = spawnSync(
      deno,
      ['check', '--quiet', '--no-lock', '--config', denoJson, join(apiDir, 'index.ts')],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    if (run.error) throw new ContractFlipError(`deno could not run: ${run.error.message}`);
    const output = `${run.stdout}\n${run.stderr}`;
    const at = /at file:\/\/(\S+?):(\d+):\d+/.exec(output);
    const message = /TS\d+ \[ERROR\]: ([^\n]+)/.exec(output);
    if (run.status === 0) return { package: 'api', firstError: null };
    if (!at || !message) throw new ContractFlipError(`deno check failed without a type error:\n${output}`);
    const file = at[1].startsWith(o.root) ? at[1].slice(o.root.length + 1) : at[1];
    if (file.startsWith(copy) || file.includes('/contract-flip-')) {
      throw new ContractFlipError(`the flip broke the contract itself, not its users: ${message[1]}`);
    }
    return { package: 'api', firstError: `${file}(${at[2]}): ${message[1].slice(0, 200)}` };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
