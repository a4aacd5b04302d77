#!/usr/bin/env node
// img3d: the engine's TypeScript CLI, run from a bundle of its sources (cli-bundle.js: a cold call
// compiles nothing), or through tsx when no bundle can be built and for --video (the turntable loads
// its renderer and workers by source path).
import { cliBundle } from './cli-bundle.js';

const bundle = process.argv.includes('--video') ? null : await cliBundle();
if (bundle) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/run.ts');
}
