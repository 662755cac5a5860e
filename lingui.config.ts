import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// pt is the source language: every message is written in Portuguese first.
export default defineConfig({
  sourceLocale: 'pt',
  locales: ['pt', 'en', 'es'],
  fallbackLocales: { default: 'pt' },
  // File names stay (the catalog scopes of vite.lingui-scopes.ts read them); line numbers would churn.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/contracts', '<rootDir>/server'],
    },
  ],
});
