// The engine's test files share one process (vitest.config.ts, isolate: false). A few give three.js loaders
// a DOM `document` for their test; a `document` left behind makes the next module that asks whether it is
// in a browser (gltf-validator's start-up) take the browser path and fail. Each file ends without one.
import { afterAll } from 'vitest';

afterAll(() => {
  delete (globalThis as { document?: unknown }).document;
});
