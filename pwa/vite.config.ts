import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// The Go server answers /api and /images on 8080. The proxy keeps the browser on
// one origin, so the session cookie and the server's cross-origin check both
// see same-origin requests; don't set changeOrigin.
const backend = 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backend,
      '/images': backend,
    },
  },
  build: {
    // The Go binary embeds pwa/dist. Files land in dist/assets/ with content
    // hashes (Vite's default), which the server caches for a year. Code is split
    // by the lazy routes in src/app/router.tsx, not by manualChunks.
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    // e2e/ holds the browser suite, run by node's test runner against the real server.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
