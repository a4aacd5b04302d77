// Entry of the engine thread. Worker threads do not inherit the TypeScript loader of the thread that
// started them, so the thread's modules load through tsx's scoped API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./engine-thread.ts', import.meta.url);
