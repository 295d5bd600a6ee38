import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The dashboard is built into dist/web and served by the API process at /.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [preact()],
  build: { outDir: fileURLToPath(new URL('../dist/web', import.meta.url)), emptyOutDir: true, sourcemap: false },
  logLevel: 'warn',
});
