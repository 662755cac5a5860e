import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../server/config-variables';

// The docs name variables and constants in backticks (`PUSHER_KEY`, `EXPORT_KEPT_HOURS`). Each must be a
// variable the server reads or a name the code has: a doc that promises a variable nobody reads (or
// keeps one a change removed) fails here, not in front of whoever deploys by it.

const root = join(import.meta.dirname, '../..');
const SOURCE_FOLDERS = ['server', 'src', 'contracts', 'machines', 'tests', 'e2e', 'bench', 'scripts'];
const CONFIG_FILES = ['playwright.config.ts', 'vitest.config.ts', '.ci/run', 'package.json', 'compose.yaml', 'scripts/schemathesis.sh'];

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile() && keep(e.name)).map((e) => relative(root, join(e.parentPath, e.name)));
}

/** Source text without comments: a name only a comment mentions is not one the code has. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

function namesInCode(): Set<string> {
  const files = [...SOURCE_FOLDERS.flatMap((f) => filesUnder(f, (name) => /\.(ts|tsx)$/.test(name))), ...CONFIG_FILES];
  const names = new Set<string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    for (const match of withoutComments(text).matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) names.add(match[0]);
  }
  return names;
}

const docFiles = ['README.md', 'server/README.md', 'machines/README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

describe('the docs name what exists', () => {
  it('every UPPER_SNAKE name in backticks is a configuration variable or a name the code has', () => {
    const variables = new Set<string>(configVariables.map((v) => v.name));
    const code = namesInCode();
    const missing: string[] = [];
    for (const file of docFiles) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [, name] of text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=[^`]*)?`/g)) {
        if (!variables.has(name!) && !code.has(name!)) missing.push(`${file}: ${name}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
