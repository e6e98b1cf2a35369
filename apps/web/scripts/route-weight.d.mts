export interface RouteWeight {
  files: { file: string; raw: number; gzip: number }[];
  /** Gzipped bytes of all files. */
  total: number;
  /** Pages with no chunk of their own (bundled into the entry's boot chunk). */
  inBoot: string[];
}

export function routeWeight(dist: string, pages: string[]): RouteWeight;
