import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { TZ: 'Asia/Shanghai' },
    // The order kinds (decision 025), also for tests that call the order services without an app.
    setupFiles: ['./src/order-kinds.ts'],
  },
});
