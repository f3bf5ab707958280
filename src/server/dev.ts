// Development entry (npm run dev): the API only; Vite serves the React app with hot reload.
import { loadConfig } from './config.ts';
import { startZerri } from './start.ts';

const running = await startZerri(loadConfig(), { serveWeb: false });
const stop = () => void running.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
