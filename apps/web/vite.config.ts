import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { importClosure, type ModuleGraph } from '../../scripts/import-closure.mjs';

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * Short CSS-module class names in production builds: `_page_1ym9v_1` becomes `a3f9k2`. The names
 * sit in both the JS (the class map) and the CSS, so this trims the home page's gzipped weight
 * (budget: 100 KB, docs/decisions/007-light-router.md). Hash-based, so stable across builds; a
 * collision fails the build rather than silently sharing a class.
 */
function shortScopedName() {
  const seen = new Map<string, string>();
  return (local: string, filename: string): string => {
    const key = `${filename.replace(/[?#].*$/, '')}:${local}`;
    const digest = createHash('sha1').update(key).digest();
    const name = `${String.fromCharCode(97 + (digest[0]! % 26))}${digest.readUInt32BE(1).toString(36).slice(0, 5)}`;
    const owner = seen.get(name);
    if (owner && owner !== key) throw new Error(`CSS module class name collision: ${owner} and ${key}`);
    seen.set(name, key);
    return name;
  };
}

const HOME_PAGE = fileURLToPath(new URL('./src/features/home/pages/home-page.tsx', import.meta.url));
const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

const PAGE_TABLE = fileURLToPath(new URL('./src/app/route-pages.ts', import.meta.url));

const PREFETCH = fileURLToPath(new URL('./src/app/prefetch.ts', import.meta.url));

const ANTD_SETUP = fileURLToPath(new URL('./src/app/antd-setup.ts', import.meta.url));

const COURSE_PAGE = fileURLToPath(new URL('./src/features/course/pages/course-detail-page.tsx', import.meta.url));

/** The course page's addresses (config/paths.ts: courseDetail, courseChildDetail, coursePlay). */
const COURSE_PATHS = ['/course/detail', '/course/child/detail', '/course/play'];

interface BundleChunk {
  type: string;
  name?: string;
  fileName: string;
  facadeModuleId?: string | null;
  isEntry?: boolean;
  imports?: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/** A chunk's static imports, transitively, with the CSS each one brings (Vite's own preload list). */
function staticClosure(start: BundleChunk, byFile: Map<string, BundleChunk>): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const queue = [start.fileName];
  while (queue.length) {
    const file = queue.pop()!;
    if (js.has(file)) continue;
    js.add(file);
    const chunk = byFile.get(file);
    chunk?.viteMetadata?.importedCss?.forEach((c) => css.add(c));
    queue.push(...(chunk?.imports ?? []));
  }
  return { js: [...js], css: [...css] };
}

/**
 * The page table (src/app/route-pages.ts) is not part of the home page's first load: the app
 * fetches it at the first touch. A deep link needs it at once, so a tiny inline script in
 * index.html preloads it next to the boot chunk when the address is not the home page (hash
 * routes over http, path routes over https; spec §2) — the page's code then does not wait for a
 * waterfall. So are the route prefetches (src/app/prefetch.ts and the query modules it imports):
 * the course page asks for its course as soon as the boot chunk runs, not one round trip later
 * (course page LCP, issue 11 §10).
 */
function preloadPageTableOnDeepLinks() {
  return {
    name: 'jinfa:preload-page-table-on-deep-links',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string, ctx: { bundle?: Record<string, BundleChunk> }) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const chunk = chunks.find((c) => c.facadeModuleId === PAGE_TABLE);
        if (!chunk) throw new Error('the page table chunk (src/app/route-pages.ts) is missing from the build');
        const prefetch = chunks.find((c) => c.facadeModuleId === PREFETCH);
        if (!prefetch) throw new Error('the route prefetch chunk (src/app/prefetch.ts) is missing from the build');
        const course = chunks.find((c) => c.facadeModuleId === COURSE_PAGE);
        if (!course) throw new Error('the course page chunk (features/course/pages/course-detail-page.tsx) is missing from the build');
        const antd = chunks.find((c) => c.facadeModuleId === ANTD_SETUP);
        if (!antd) throw new Error('the antd-mobile setup chunk (src/app/antd-setup.ts) is missing from the build');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // Not what index.html loads already (the entry, boot and their CSS). Each file once.
        const entry = staticClosure(chunks.find((c) => c.isEntry)!, byFile);
        const loaded = new Set([...entry.js, ...entry.css]);
        const fresh = (list: string[]) => [...new Set(list)].filter((f) => !loaded.has(f));
        // Every page but home also sets up antd-mobile's render hook (route-pages.ts) before it shows.
        const setup = staticClosure(antd, byFile);
        const files = fresh([chunk.fileName, prefetch.fileName, ...(prefetch.imports ?? []), ...setup.js]);
        // The course page (the deep link a share opens) also gets its own code and CSS at once,
        // in parallel with the boot chunk, not after boot and the page table have run: its
        // cover is the page's largest paint (course page LCP, issue 11 §10; decision 023).
        const page = staticClosure(course, byFile);
        const pageJs = fresh(page.js).filter((f) => !files.includes(f));
        const css = fresh([...setup.css, ...page.css]);
        const script =
          `(function(l,d){var p=(l.hash.indexOf('#/')===0?l.hash.slice(1):l.pathname).split('?')[0];` +
          // crossOrigin as Vite's own preload helper sets it, for CSS too: else the browser fetches twice.
          `function a(r,f){var k=d.createElement('link');k.rel=r;k.crossOrigin='';if(r==='preload')k.as='style';k.href='/'+f;d.head.appendChild(k)}` +
          `if(p!=='/'&&p!=='/index.html'){${JSON.stringify(files)}.forEach(function(f){a('modulepreload',f)});` +
          `if(${JSON.stringify(COURSE_PATHS)}.indexOf(p)>=0){${JSON.stringify(pageJs)}.forEach(function(f){a('modulepreload',f)});` +
          `${JSON.stringify(css)}.forEach(function(f){a('preload',f)})}}})(location,document)`;
        return [{ tag: 'script', children: script, injectTo: 'head' as const }];
      },
    },
  };
}

/**
 * Modules the boot closure reaches only through a barrel's re-exports (`@tanstack/react-query`'s
 * index, our `lib/router.ts`) while neither the shell nor the home page uses them; other pages do,
 * so they are in the build, and in the boot chunk unless listed here (measured: 1.2 KB gzipped).
 * A module listed here that boot code does use would land in a shared chunk that boot imports:
 * `npx tsx bench/web-budget.ts` would show that extra file.
 */
const NOT_AT_BOOT: readonly RegExp[] = [
  /\/@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/,
  /\/src\/lib\/mini-router\/react-extras\.tsx$/,
];

/**
 * Rolldown keeps a module in the boot chunk when a boot module (the `lib/router.ts` facade)
 * re-exports it, unless it is known to have no side effects: these have none. A feature's public
 * `index.ts` (the only way other features may reach it, eslint.config.js) re-exports too, and
 * without this every importer would pull the whole index (a cash-back page the share button's code).
 */
function sideEffectFree(ids: readonly RegExp[]) {
  return {
    name: 'jinfa:side-effect-free',
    transform(code: string, id: string) {
      return ids.some((re) => re.test(id)) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

const COMMON: readonly RegExp[] = [...NOT_AT_BOOT, /\/src\/components\/states\.tsx$/, /\/src\/components\/icons\//];

function commonChunk(id: string): string | null {
  return COMMON.some((re) => re.test(id)) ? 'common' : null;
}

/**
 * One `boot` chunk for everything the home page needs at first load: the entry's static imports
 * and the home page's (measured: 104.8 KB gzipped in 4 files, against 110.2 KB in 20 files when
 * Rolldown cuts its own shared chunks). One file also means one request instead of a waterfall.
 * A deep link to another page pays for the home page's code (about 8 KB gzipped); every other
 * page keeps its own chunks.
 */
function bootChunk() {
  // Not reset between rebuilds: `vite build --watch` would keep the first build's set.
  let boot: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    boot ??= importClosure(graph, [MAIN, HOME_PAGE]);
    return boot.has(id) && !NOT_AT_BOOT.some((re) => re.test(id)) ? 'boot' : null;
  };
}

export default defineConfig(({ command, mode }) => {
  // A parent process's NODE_ENV leaks into `vite build` (vitest's `test`, when the e2e global
  // setup builds the app) and would bundle React's development build: 163 KB gzipped instead of
  // 100 for the boot chunk. A production build is a production build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    // The server serves dist/ at the origin root (SPA fallback, hashed files under /assets/),
    // so base stays '/': deep links like /course/detail?courseId=1 must still find /assets/*.
    base: '/',
    plugins: [react(), preloadPageTableOnDeepLinks(), sideEffectFree([...NOT_AT_BOOT, /\/src\/lib\/router\.ts$/, /\/src\/features\/[^/]+\/index\.ts$/])],
    css: {
      modules: command === 'build' ? { generateScopedName: shortScopedName() } : {},
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // The messaging app's in-app browser on older phones is Chrome 79-era WebView / iOS 13 Safari.
      target: ['es2019', 'chrome79', 'safari13'],
      cssTarget: ['chrome79', 'safari13'],
      assetsDir: 'assets',
      reportCompressedSize: true,
      chunkSizeWarningLimit: 400,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: bootChunk() },
              // What boot leaves out but most other pages use (NOT_AT_BOOT, the state screens, and
              // the icons several pages share; icons live one per file so boot carries only home's)
              // goes into one `common` chunk rather than a file (and a request) each.
              { name: commonChunk, minShareCount: 2 },
            ],
          },
        },
      },
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
  };
});
