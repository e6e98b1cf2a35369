import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Date helpers are tested against fixed instants; pin the zone so results never depend on the
// machine running the tests.
process.env.TZ = 'Asia/Shanghai';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    env: { TZ: 'Asia/Shanghai' },
    restoreMocks: true,
    unstubGlobals: true,
    // antd-mobile's ES build imports its CSS files; let Vite (not Node) load it.
    server: { deps: { inline: ['antd-mobile'] } },
  },
});
