/** What the module graph of Rollup / Rolldown's `manualChunks` tells of a module. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module the entries import statically, the entries included. */
export function importClosure(graph: ModuleGraph, entries: readonly string[]): Set<string>;
