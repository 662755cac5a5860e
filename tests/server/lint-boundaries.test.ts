import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of docs/design.md §4 are eslint's `import-x/no-restricted-paths`, which checks only
// the imports it resolves to a file and skips the others without a word. This lints a probe in a feature
// folder (its text only, never the tree) to see that extensionless TypeScript imports do resolve and are
// refused where they cross a boundary.

const root = join(import.meta.dirname, '../..');
const PROBE = 'src/features/monthly/__probe__.tsx';
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(async () => {
  // no-cycle would walk everything the probe reaches (the whole server behind server/app): not this test's subject.
  eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });
  // Loading the config, its plugins and the TypeScript parser is most of the time: once, here, with room for a busy machine.
  await eslint.lintText('', { filePath: join(root, PROBE) });
}, 120_000);

async function boundaryMessages(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, PROBE) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('lint: import boundaries between folders', () => {
  it('refuses a feature importing another feature, and the web app importing the server', async () => {
    // A module that exists: an import the resolver cannot follow would be skipped, and this test would prove nothing.
    for (const target of ['src/features/checkout/CheckoutFlow.tsx', 'server/app.ts']) expect(existsSync(join(root, target))).toBe(true);
    const messages = await boundaryMessages(
      [
        "import { CheckoutFlow } from '../checkout/CheckoutFlow';",
        "import { buildApp } from '../../../server/app';",
        'export const probe = [CheckoutFlow, buildApp];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([
      'Unexpected path "../checkout/CheckoutFlow" imported in restricted zone. Features do not import each other; compose them in routes (shared pieces live in src/app, src/ui, src/lib).',
      'Unexpected path "../../../server/app" imported in restricted zone. The web app talks to the server over HTTP only.',
    ]);
  });

  it('lets a feature import its own modules, src/app, src/ui, src/lib and contracts', async () => {
    const messages = await boundaryMessages(
      [
        "import { isMonthlyAmount } from './amount';",
        "import { AmountPicker } from '../../app/giving/AmountPicker';",
        "import { Button } from '../../ui/Button';",
        "import { centsOf } from '../../lib/money';",
        "import { MONTHLY_PRESETS_REAIS } from '../../../contracts';",
        'export const probe = [isMonthlyAmount, AmountPicker, Button, centsOf, MONTHLY_PRESETS_REAIS];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
