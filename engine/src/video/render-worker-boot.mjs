// Entry of a render worker thread. Worker threads do not inherit the TypeScript loader of the thread
// that started them (tsx, vitest), so the worker's modules are loaded through tsx's scoped API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./render-worker.ts', import.meta.url);
