// Entry of the engine process. It is forked without the parent's TypeScript loader, so its modules load
// through tsx's scoped API (resolved from this file, whatever the working directory).
import { tsImport } from 'tsx/esm/api';

await tsImport('./engine-process.ts', import.meta.url);
