#!/usr/bin/env node
// img3d: runs the engine's TypeScript CLI through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/run.ts');
