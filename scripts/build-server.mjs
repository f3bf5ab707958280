// Bundles the server (our code only; packages stay in node_modules) into dist/server.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/cli/user-role.ts',
    'src/server/cli/seed-demo.ts',
    'src/server/cli/backup.ts',
    'src/server/cli/restore.ts',
    'src/server/cli/ledger-check.ts',
  ],
  outdir: 'dist/server',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
