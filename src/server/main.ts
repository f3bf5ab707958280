import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/embedded-postgres.ts';
import { startZerri } from './start.ts';

const SHUTDOWN_LIMIT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const running = await startZerri(config);
  if (config.SEED_DEMO) {
    const { seedDemo } = await import('./seed/demo.ts'); // demo covers need sharp; not loaded otherwise
    await seedDemo(running.database.db, config, console.log, running.app.zerri.storage);
  }
  running.app.log.info(`${config.BRAND_NAME} is running at ${config.PUBLIC_URL}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
    timer.unref();
    try {
      await running.stop();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
