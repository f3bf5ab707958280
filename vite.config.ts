import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

// The React app lives in src/web; `npm run dev` proxies the API to a running server.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: { outDir: process.env.WEB_OUT_DIR ?? '../../dist/web', emptyOutDir: true },
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
