import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from '../../scripts/vite-precompress.mjs';
import pkg from './package.json';
import { engineSyntaxCheck, TV_ENGINE_TARGET } from './src/packaging/engine-syntax';
import { packageConfigFromEnv, tvPackages } from './src/packaging/vite-plugin';

// The server serves this app at /tvn/ and the API on the same origin.
const API = process.env.MARQUEE_API ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['^/v2/', '^/api/', '^/media/', '^/live/', '^/healthz'].map((key) => [key, { target: API }]),
);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // dist/packages/{tizen,webos}: config.xml and appinfo.json launchers of this app (decision 0074);
  // the build fails on syntax the oldest TV engine cannot parse (decision 0079).
  plugins: [tvPackages(packageConfigFromEnv(pkg, process.env)), engineSyntaxCheck(), precompress()],
  base: '/tvn/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The oldest engine the variants ship: Tizen 5.0's Chromium 63 (decision 0079).
    target: [TV_ENGINE_TARGET],
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
