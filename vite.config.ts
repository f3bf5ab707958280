import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/**
 * Preact's React compatibility layer in place of React (decision 014): the same components and hooks for
 * about 55 KB less in every first view. The design canvas drives konva itself (no react-konva, which needs
 * React's own reconciler). The web unit tests still render with React's react-dom/server (vitest.config.ts
 * has no aliases: the libraries Vitest leaves to Node would import React itself); the e2e suite runs the build.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
];

// The React app lives in src/web; `npm run dev` proxies the API to a running server.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // No Fast Refresh: its runtime hooks into React's renderer, which Preact is not; an edit reloads the page.
  plugins: [react({ refreshExclude: /./ }), tailwindcss()],
  resolve: { alias: preactAliases },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? '../../dist/web',
    emptyOutDir: true,
    // Browsers without modulepreload (Safari before 17) still load the chunks, only without the hint.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically loads on every first view anyway: one chunk instead of
    // dozens of small shared ones (each a request on a slow mobile connection). Routes stay lazy chunks.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-view', tags: ['$initial'] }] } } },
    chunkSizeWarningLimit: 800, // the first-view chunk, minified (about 200 KB gzip)
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/z/': { target: apiTarget },
      '/dev/mailbox': { target: apiTarget },
      '/media/': { target: apiTarget }, // product images, covers, avatars, post media
    },
  },
});
