import { once } from 'node:events';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/embedded-postgres.ts';
import { startZerri } from './start.ts';

async function main() {
  const config = loadConfig();
  // Listen for the stop signals before anything starts: a SIGTERM while PostgreSQL is starting must stop it too.
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) return;
    console.log(`${signal} received, shutting down`);
    setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
    stop.abort(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  let running;
  try {
    running = await startZerri(config, { signal: stop.signal });
  } catch (error) {
    if (stop.signal.aborted) process.exit(0); // stopped while starting; startZerri stopped what it had started
    throw error;
  }
  if (config.SEED_DEMO && !stop.signal.aborted) {
    const { seedDemo } = await import('./seed/demo.ts'); // demo covers need sharp; not loaded otherwise
    await seedDemo(running.database.db, config, console.log, running.app.zerri.storage);
  }
  if (!stop.signal.aborted) {
    running.app.log.info(`${config.BRAND_NAME} is running at ${config.PUBLIC_URL}`);
    await once(stop.signal, 'abort');
  }
  try {
    await running.stop();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
