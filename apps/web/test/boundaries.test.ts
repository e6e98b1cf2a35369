import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import rule in the root eslint.config.js (boundaries/dependencies): shared code → features →
// app, and one feature reaches another only through its index.ts.
describe('web import boundaries lint rule', () => {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });
    await eslint.lintText('', { filePath: 'apps/web/src/lib/warm-up.ts' });
  }, 60_000);

  /** The rule's messages for `code` saved as `file` under apps/web/src. */
  async function violations(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: `apps/web/src/${file}` });
    return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
  }

  it('fails on shared code importing a feature or the app', async () => {
    const code = "import { useMe } from '../features/user/index.ts';\nimport { guardLoader } from '../app/guard.ts';\nexport { useMe, guardLoader };\n";
    expect(await violations('lib/new-file.ts', code)).toEqual([
      expect.stringMatching(/^There is no policy allowing dependencies from elements of type "web-shared" to elements of type "web-feature"/),
      expect.stringMatching(/^There is no policy allowing dependencies from elements of type "web-shared" to elements of type "web-app"/),
    ]);
    expect(await violations('components/new-file.tsx', code)).toHaveLength(2);
  });

  it("fails on a feature importing another feature's internals or the app", async () => {
    const code = "import { useMe } from '../../user/api/get-me.ts';\nimport { guardLoader } from '../../../app/guard.ts';\nexport { useMe, guardLoader };\n";
    expect(await violations('features/orders/pages/new-file.tsx', code)).toEqual([
      'features/orders may import features/user only through its index.ts (its public exports)',
      expect.stringMatching(/^There is no policy allowing dependencies from elements of type "web-feature"/),
    ]);
  });

  it("passes a feature importing another through its index, its own internals and shared code", async () => {
    const code = "import { useMe } from '../../user/index.ts';\nimport { useCheckout } from '../hooks/use-checkout.tsx';\nimport { cx } from '../../../lib/cx.ts';\nexport { useMe, useCheckout, cx };\n";
    expect(await violations('features/orders/pages/new-file.tsx', code)).toEqual([]);
    const app = "import { useMe } from '../features/user/api/get-me.ts';\nexport { useMe };\n";
    expect(await violations('app/new-file.ts', app)).toEqual([]);
  });
});
