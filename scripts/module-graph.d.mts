/** Per module: the other modules it imports, each with the importing files (relative to the modules folder). */
export type ModuleGraph = Record<string, Record<string, string[]>>;

export const ALLOWED_MODULE_IMPORTS: Readonly<Record<string, readonly string[]>>;
export function moduleGraph(modulesDir: string): ModuleGraph;
export function importCycles(graph: ModuleGraph): string[][];
export function disallowedEdges(graph: ModuleGraph): string[];
