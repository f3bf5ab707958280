import { loadConfig } from '../config.ts';
import { createStorage } from '../platform/storage/create-storage.ts';
import { seedDemo } from '../seed/demo.ts';
import { openCliDatabase } from './database.ts';

const config = loadConfig();
const { database, close } = await openCliDatabase(config);
try {
  await seedDemo(database.db, config, console.log, await createStorage(config));
} finally {
  await close();
}
