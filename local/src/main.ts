// `npm start`: runs the whole product locally on one origin (see stack.ts).
import { loadConfig } from './config.ts';
import { ProductionRefusal, startStack } from './stack.ts';

const config = loadConfig();
try {
  const stack = await startStack(config);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[stack] ${signal}: stopping`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof ProductionRefusal ? 78 : 1);
}
