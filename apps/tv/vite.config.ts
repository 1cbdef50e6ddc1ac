import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from '../../scripts/vite-precompress.mjs';
import pkg from './package.json';
import { packageConfigFromEnv, tvPackages } from './src/packaging/vite-plugin';

// The server serves this app at /tvn/ and the API on the same origin.
const API = process.env.MARQUEE_API ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['^/v2/', '^/api/', '^/media/', '^/live/', '^/healthz'].map((key) => [key, { target: API }]),
);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // dist/packages/{tizen,webos}: config.xml and appinfo.json launchers of this app (decision 0074).
  plugins: [tvPackages(packageConfigFromEnv(pkg, process.env)), precompress()],
  base: '/tvn/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // TV web runtimes (Tizen 5+, webOS 5+) run Chromium 63+-class engines.
    target: ['es2019', 'chrome69'],
    // hls.js (~600 kB, loaded only where HLS is not native) is the largest chunk.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      onwarn(warning, warn) {
        // TanStack Query ships "use client" directives, meaningless in a client bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
    },
  },
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
});
