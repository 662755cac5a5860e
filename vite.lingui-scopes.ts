import path from 'node:path';
import type { Plugin } from 'vite';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogDependentFiles, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { scopesOfFiles, type CatalogScope } from './src/app/i18n/scopes';

const scoped = /[\\/]locales[\\/][^\\/]+[\\/]messages\.po\?(?:.*&)?scope=(\w+)(?:&|$)/;

/**
 * Serves `locales/<locale>/messages.po?scope=<scope>`: the locale's compiled catalog (with the same
 * fallbacks as @lingui/vite-plugin) reduced to the messages of one scope, decided by where each
 * message appears in the source (pt) catalog. See src/app/i18n/scopes.ts.
 */
export function linguiScopes(): Plugin {
  const config = getConfig();
  const rootDir = config.rootDir ?? process.cwd();
  const sourceLocale = config.sourceLocale ?? 'pt';
  const fallbackLocales = config.fallbackLocales || {};
  return {
    name: 'semear-lingui-scopes',
    async transform(_src, id) {
      const match = scoped.exec(id);
      if (!match) return null;
      const scope = match[1]! as CatalogScope;
      const file = id.split('?')[0]!;
      const found = getCatalogForFile(path.relative(rootDir, file), await getCatalogs(config));
      if (!found) throw new Error(`semear-lingui-scopes: ${file} is not a Lingui catalog`);
      const { locale, catalog } = found;
      for (const dependency of await getCatalogDependentFiles(catalog, locale)) this.addWatchFile(dependency);
      this.addWatchFile(file);
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales, sourceLocale });
      const source = (await catalog.read(sourceLocale)) ?? {};
      const inScope = Object.fromEntries(
        Object.entries(messages).filter(([messageId]) =>
          scopesOfFiles((source[messageId]?.origin ?? []).map((o) => String(o[0]))).includes(scope),
        ),
      );
      const { source: code, errors } = createCompiledCatalog(locale, inScope, { namespace: 'es', pseudoLocale: config.pseudoLocale });
      if (errors.length > 0) this.warn(`semear-lingui-scopes: ${errors.length} message(s) of ${locale}/${scope} did not compile`);
      // No source map: a catalog has no lines worth mapping, and one would inline the whole .po into each scope.
      return { code, map: { mappings: '' }, moduleType: 'js' };
    },
  };
}
