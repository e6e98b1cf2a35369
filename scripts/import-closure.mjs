// The modules a page loads before anything else: the static import closure of its entries in the
// bundler's module graph. Both vite configs (apps/web, apps/admin) name their boot chunk by it.
// Chunking starts after the module graph is complete, so the closure is exact.

/**
 * @param {{ getModuleInfo(id: string): { importedIds: readonly string[] } | null }} graph
 * @param {readonly string[]} entries
 * @returns {Set<string>}
 */
export function importClosure(graph, entries) {
  const found = new Set();
  const queue = [...entries];
  while (queue.length) {
    const next = queue.pop();
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}
