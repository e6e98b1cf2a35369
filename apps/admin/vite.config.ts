import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { importClosure, type ModuleGraph } from '../../scripts/import-closure.mjs';

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? 'http://127.0.0.1:3000';

const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * Two vendor chunks. `antd`: the libraries the shell needs at first load (React, antd's core
 * and the parts of the layout, menu and result, TanStack Query), one cacheable file rather than
 * a waterfall; src/app/ imports antd by path (`antd/es/button`) so the barrel does not drag all
 * of antd in here. `echarts`: ECharts and zrender, which only the
 * dashboard's chart imports dynamically, so no other page downloads them. The antd parts only
 * lazy pages use (Table, DatePicker, Upload, Tree …) are left to Rolldown, which puts them in
 * chunks shared by the pages that use them instead of making every visitor download them.
 */
function vendorChunks() {
  // Not reset between rebuilds: `vite build --watch` would keep the first build's set.
  let boot: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    if (/\/node_modules\/(echarts|zrender)\//.test(id)) return 'echarts';
    if (!id.includes('/node_modules/')) return null;
    boot ??= importClosure(graph, [MAIN]);
    return boot.has(id) ? 'antd' : null;
  };
}

export default defineConfig(({ command, mode }) => {
  // A parent process's NODE_ENV (vitest's `test`) would otherwise bundle React's development build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    // The server serves dist/ under /admin/ (hashed files under /admin/assets/).
    base: '/admin/',
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: true,
      // antd's shell share (with React) is ~730 kB minified, ECharts ~545 kB; warn above that.
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: vendorChunks(), debugName: 'vendor' }],
          },
        },
      },
    },
    server: {
      host: true,
      port: 5174,
      proxy: {
        '/v1': { target: API_ORIGIN, changeOrigin: true },
      },
    },
    preview: {
      proxy: {
        '/v1': { target: API_ORIGIN, changeOrigin: true },
      },
    },
  };
});
