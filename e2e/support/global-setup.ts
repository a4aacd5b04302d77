// Playwright global setup: stacks that specs start themselves (Google, PayPal, S3) begin from the migrated
// schema, as the main stack does (stack.ts); the workers inherit the variable set here.
import { startStacksFromSnapshot } from '@lift3d/local/testing/schema-copies';

export default async function globalSetup(): Promise<void> {
  await startStacksFromSnapshot();
}
