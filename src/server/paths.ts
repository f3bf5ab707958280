import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits two levels below the project root both in src/server and in the
// bundled dist/server, so the same relative step finds the root in dev and production.
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');
// WEB_DIST_DIR lets parallel test runs serve their own build.
export const webDistFolder = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(projectRoot, 'dist/web');
