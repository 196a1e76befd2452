import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes a Brotli and a gzip copy beside every hashed script and stylesheet, once at build time, so the
 * server sends them compressed (about a third of the bytes on a phone's connection) without
 * compressing on every request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'gigreel-precompress-assets',
    apply: 'build',
    // After the bundle is written: the files on disk are final (Vite rewrites chunks up to the end).
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
  server: { port: 5173, proxy: { '/api': api, '/media': api } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in one chunk: a phone opening the app then makes
        // one request for it instead of a dozen small ones, each a round trip on a slow connection.
        // Screens stay in their own chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
