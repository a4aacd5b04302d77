// Vitest global setup of the projects that start databases and stacks: the migrated schema is made once per
// run (or found from an earlier run) before any test file starts, and every stack's new PGlite starts from it.
import { startStacksFromSnapshot } from './schema-copies.ts';

export default async function setup(): Promise<void> {
  await startStacksFromSnapshot();
}
