// The import graph between server modules (apps/server/src/modules/<name>/): who imports whom,
// and which modules import each other in a cycle. `npm run graph` prints it; the server test
// `test/module-graph.test.ts` fails on any cycle, and eslint.config.js enforces ALLOWED_MODULE_IMPORTS
// file by file. Tests are left out: a test may set up data through any module.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The target map (docs/architecture.md): a module may import only the modules listed for it, and
 * `lib/`, `db/`, `adapters/`, `plugins/` and `config.ts`, which sit below every module. Acyclic by
 * construction: every module lists only modules above it. A module missing here may import none.
 */
export const ALLOWED_MODULE_IMPORTS = {
  users: [],
  auth: ['users'],
  courses: ['users'],
  access: ['courses', 'users'],
  learning: ['access', 'courses', 'users'],
  listening: ['access', 'auth', 'courses', 'learning', 'users'],
  media: ['access', 'courses', 'listening', 'users'],
  reviews: ['courses', 'users'],
  columns: ['courses', 'users'],
  lives: ['courses', 'users'],
  favorites: ['courses', 'learning', 'users'],
  share: ['courses', 'users'],
  orders: ['access', 'columns', 'courses', 'learning', 'users'],
  memberships: ['access', 'orders', 'courses', 'users'],
  activities: ['access', 'orders', 'courses', 'learning', 'users'],
  collect: [],
  system: [],
  // The operator console (decision 026): thin routes over the other modules' services; nothing imports it.
  admin: ['access', 'activities', 'auth', 'columns', 'courses', 'learning', 'listening', 'lives', 'media', 'memberships', 'orders', 'reviews', 'users'],
};

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Every module's imports of other modules, counting `import`, `import type`, `export … from` and
 * `import()` alike: a type-only import still ties the two modules' code together.
 * Returns { module: { otherModule: [importing files, relative to modulesDir] } }.
 */
export function moduleGraph(modulesDir) {
  const root = path.resolve(modulesDir);
  const modules = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const graph = {};
  for (const name of modules) {
    graph[name] = {};
    for (const file of sourceFiles(path.join(root, name))) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = path.relative(root, path.resolve(path.dirname(file), fileName)).split(path.sep)[0];
        if (!target || target === '..' || target === name || !modules.includes(target)) continue;
        (graph[name][target] ??= []).push(path.relative(root, file));
      }
    }
  }
  return graph;
}

/** Tarjan's strongly connected components with two or more members: the import cycles. */
export function importCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of Object.keys(graph[node] ?? {})) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of Object.keys(graph)) if (!index.has(node)) visit(node);
  return cycles;
}

/** Edges the target map does not allow, as `from → to` strings. */
export function disallowedEdges(graph) {
  return Object.entries(graph).flatMap(([from, targets]) =>
    Object.keys(targets)
      .filter((to) => !(ALLOWED_MODULE_IMPORTS[from] ?? []).includes(to))
      .map((to) => `${from} → ${to}`),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? path.join(import.meta.dirname, '../apps/server/src/modules');
  const graph = moduleGraph(dir);
  for (const [from, targets] of Object.entries(graph)) {
    const marked = Object.keys(targets)
      .sort()
      .map((to) => ((ALLOWED_MODULE_IMPORTS[from] ?? []).includes(to) ? to : `${to} (not allowed)`));
    console.log(`${from.padEnd(12)}→ ${marked.join(', ') || '(nothing)'}`);
  }
  const cycles = importCycles(graph);
  console.log(cycles.length ? `\ncycles: ${cycles.map((c) => c.join(' ↔ ')).join('; ')}` : '\ncycles: none');
  const wrong = disallowedEdges(graph);
  console.log(`edges outside the target map: ${wrong.length ? wrong.join(', ') : 'none'}`);
}
