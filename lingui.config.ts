import { defineConfig } from '@lingui/cli';

// pt is the source language: every message is written in Portuguese first.
export default defineConfig({
  sourceLocale: 'pt',
  locales: ['pt', 'en', 'es'],
  fallbackLocales: { default: 'pt' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/contracts', '<rootDir>/server'],
    },
  ],
});
