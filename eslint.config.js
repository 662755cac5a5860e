import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Import boundaries of DESIGN.md §4: contracts import nothing of ours, machines only contracts,
// the web app never the server (and vice versa), and feature folders never each other.
// Paths are the repository's, whatever the directory eslint runs from (an editor, the lint test).
const root = import.meta.dirname;
const features = existsSync(join(root, 'src/features'))
  ? readdirSync(join(root, 'src/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; compose them in routes (shared pieces live in src/app, src/ui, src/lib).',
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      'test-results',
      'playwright-report',
      '.tmp',
      'src/routeTree.gen.ts',
      'locales/**/*.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    // The import rules check only what they resolve to a file, and skip the rest silently: without TypeScript's
    // extensions here, `../checkout/CheckoutFlow` resolved to nothing and crossed every boundary unseen
    // (tests/server/lint-boundaries.test.ts lints such a probe).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            { target: './contracts', from: ['./src', './server', './machines'], message: 'contracts import nothing of ours.' },
            { target: './machines', from: ['./src', './server'], message: 'Machines are pure: only xstate and contracts.' },
            { target: './src', from: './server', message: 'The web app talks to the server over HTTP only.' },
            { target: './server', from: ['./src', './machines'], message: 'The server does not import the web app.' },
            {
              target: ['./src/ui', './src/lib'],
              from: ['./src/features', './src/app', './src/routes'],
              message: 'src/ui and src/lib are shared pieces: they import no feature, no app shell and no route.',
            },
            ...featureZones,
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
);
