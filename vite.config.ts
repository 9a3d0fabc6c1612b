import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serveAssets } from './vite-plugins/serve-assets';

export default defineConfig({
  plugins: [react(), serveAssets()],
  base: './',
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    rollupOptions: { input: { main: 'index.html', diagnostics: 'diagnostics.html' } },
    chunkSizeWarningLimit: 1500,
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
