import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Times are shown in Asia/Shanghai whatever the machine's zone; pin it so tests prove that.
process.env.TZ = 'UTC';

export default defineConfig({
  plugins: [react()],
  // Node would load `antd` as its CommonJS build (lib/) while `antd/es/...` deep imports load the ES
  // build: two copies, two React contexts (App.useApp() then returns an empty message API). The
  // browser bundle resolves both to es/, so make the tests do the same.
  resolve: { alias: [{ find: /^antd$/, replacement: 'antd/es/index.js' }] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    env: { TZ: 'UTC' },
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 30_000,
  },
});
