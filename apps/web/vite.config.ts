import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from '../../scripts/vite-precompress.mjs';

// The API, media and health checks live on the server (same origin in production).
const API = process.env.MARQUEE_API ?? 'http://localhost:3000';
// Regex keys so that only the exact prefixes go to the server (the app's own /live-tv routes stay here).
const proxy: Record<string, ProxyOptions> = {
  ...Object.fromEntries(
    ['^/v2/', '^/api/', '^/media/', '^/live/', '^/healthz', '^/passcode-login'].map((key) => [
      key,
      { target: API },
    ]),
  ),
  // POST /oauth/:provider/callback goes to the server; GET (and HEAD) is the app's callback page.
  '^/oauth/': {
    target: API,
    bypass: (req) => (req.method === 'GET' || req.method === 'HEAD' ? req.url : undefined),
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompress()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
