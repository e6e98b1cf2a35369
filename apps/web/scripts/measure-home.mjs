// Gzipped JS+CSS a first visit to the home page (`/`) downloads: index.html's entry with its
// static imports, and the home page chunk with its imports and CSS (scripts/route-weight.mjs).
// Matches what Chromium fetches for `/` (checked with Playwright's network log).
// Budget: 100 KB (issue 3 §4). Usage: node scripts/measure-home.mjs   (after `npm run build`;
// DIST=/other/dist to measure another build).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeWeight } from './route-weight.mjs';

const dist = process.env.DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { files, total } = routeWeight(dist, ['home-page']);
console.table(files);
console.log(`home page JS+CSS: ${(total / 1024).toFixed(1)} KB gzipped (${total} bytes) in ${files.length} files`);
