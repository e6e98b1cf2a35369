import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCycles, moduleGraph } from '../../../scripts/module-graph.mjs';

const REPO = path.resolve(import.meta.dirname, '../../..');
const MODULES = path.join(REPO, 'apps/server/src/modules');

describe('server module graph', () => {
  it('has no import cycle between modules (npm run graph prints it)', () => {
    const graph = moduleGraph(MODULES);
    expect(Object.keys(graph)).toContain('orders');
    expect(importCycles(graph)).toEqual([]);
  });
});

// The lint rule (eslint.config.js, boundaries/dependencies) holds each module to ALLOWED_MODULE_IMPORTS.
describe('module boundaries lint rule', () => {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: REPO });
    await eslint.lintText('', { filePath: 'apps/server/src/modules/users/warm-up.ts' });
  }, 60_000);

  /** A file of `module` that exists, so the import resolves as it would in real code. */
  const fileOf = (module: string) => fs.readdirSync(path.join(MODULES, module)).find((f) => /^[a-z-]+\.ts$/.test(f));
  /** The rule's messages for `code` saved as a new file in `folder` (under apps/server/src). */
  const boundaryErrors = async (folder: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: `apps/server/src/${folder}/new-file.ts` });
    return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
  };

  it('fails on a module importing one outside its allowed set, even for types or lazily', async () => {
    const orders = `../orders/${fileOf('orders')}`;
    const code = `import { a } from '${orders}';\nimport type { B } from '${orders}';\nexport const c = () => import('${orders}');\nexport * from '${orders}';\nexport { a };\nexport type { B };\n`;
    expect(await boundaryErrors('modules/users', code)).toEqual(Array(4).fill('modules/users may not import modules/orders: see ALLOWED_MODULE_IMPORTS in scripts/module-graph.mjs'));
  });

  it('fails on shared code (plugins, lib, db) importing a module, and on a module importing the composition root', async () => {
    const fromPlugin = await boundaryErrors('plugins', `import { a } from '../modules/users/${fileOf('users')}';\nexport { a };\n`);
    expect(fromPlugin).toEqual([expect.stringMatching(/^There is no policy allowing dependencies from elements of type "server-base" to elements of type "server-module"/)]);
    expect(await boundaryErrors('modules/users', `import { a } from '../../app.ts';\nexport { a };\n`)).toHaveLength(1);
  });

  it('passes a module importing an allowed module and the layers below', async () => {
    const code = `import { a } from '../users/${fileOf('users')}';\nimport { b } from '../../lib/errors.ts';\nimport { c } from '../../config.ts';\nexport { a, b, c };\n`;
    expect(await boundaryErrors('modules/orders', code)).toEqual([]);
  });
});
