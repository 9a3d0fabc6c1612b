import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serveAssets } from './vite-plugins/serve-assets';

export default defineConfig({
  plugins: [react(), serveAssets()],
  base: './',
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    rollupOptions: {
      // lengthlens-figure.js: <lengthlens-figure> for other sites' pages, at a name that never changes.
      input: { main: 'index.html', diagnostics: 'diagnostics.html', 'lengthlens-figure': 'src/figure.tsx' },
      output: { entryFileNames: (chunk) => (chunk.name === 'lengthlens-figure' ? 'lengthlens-figure.js' : 'assets/[name]-[hash].js') },
    },
    chunkSizeWarningLimit: 1500,
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
