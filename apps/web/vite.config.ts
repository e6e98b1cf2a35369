import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? 'http://127.0.0.1:3000';

// The server serves dist/ at the origin root (SPA fallback, hashed files under /assets/),
// so base stays '/': deep links like /course/detail?courseId=1 must still find /assets/*.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The messaging app's in-app browser on older phones is Chrome 79-era WebView / iOS 13 Safari.
    target: ['es2019', 'chrome79', 'safari13'],
    cssTarget: ['chrome79', 'safari13'],
    assetsDir: 'assets',
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    host: true,
    port: 5173,
    proxy: {
      '/v1': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
      '/media': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
      '/media': { target: API_ORIGIN, changeOrigin: true },
    },
  },
});
