import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages';
import { localeFromAcceptLanguage } from '../../server/i18n/locale';
import { parsePo, readPoFile } from '../../server/i18n/po-catalog';
import { createTranslator, LOCALES_FOLDER } from '../../server/i18n/translator';
import { mailMessages } from '../../server/services/mail/mail-messages';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'pt'],
    ['', 'pt'],
    ['en', 'en'],
    ['en-US,en;q=0.9,pt;q=0.8', 'en'],
    ['es-AR', 'es'],
    ['fr-FR,fr;q=0.9,es;q=0.5', 'es'],
    ['de, en;q=0.1, pt;q=0.5', 'pt'],
    ['en;q=0, es', 'es'],
    ['*', 'pt'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('parsePo', () => {
  it('reads ids and translations, joins continued lines, unescapes, skips empty translations', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: en\\n"',
        '',
        '#. comment',
        'msgid "a.b"',
        'msgstr "Say \\"hi\\""',
        '',
        'msgid "long"',
        'msgstr ""',
        '"first "',
        '"second"',
        '',
        'msgid "empty"',
        'msgstr ""',
        '',
      ].join('\n'),
    );
    expect(entries.get('a.b')).toBe('Say "hi"');
    expect(entries.get('long')).toBe('first second');
    expect(entries.has('empty')).toBe(false);
    expect(entries.has('')).toBe(false);
  });
});

describe('translator', () => {
  it('translates contract and mail ids in every locale from the real catalogs', () => {
    const t = createTranslator();
    expect(t.translate('pt', messages.tokenUndefined)).toBe('Token indefinido.');
    expect(t.translate('en', messages.tokenUndefined.id)).toBe('Token undefined.');
    expect(t.translate('es', messages.tokenUndefined.id)).toBe('Token indefinido.');
    expect(t.translate('es', mailMessages.passwordResetGreeting, { name: 'Ana' })).toBe('¡Hola, Ana!');
  });

  it('every server message has an English and a Spanish translation in the catalogs', () => {
    for (const locale of ['en', 'es']) {
      const catalog = readPoFile(join(LOCALES_FOLDER, locale, 'messages.po'));
      const missing = [...Object.values(messages), ...Object.values(mailMessages)].map((d) => d.id).filter((id) => !catalog.has(id));
      expect(missing, locale).toEqual([]);
    }
  });

  it('falls back to the Portuguese catalog, then to the source message; unknown ids come back as they are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'semear-i18n-'));
    try {
      for (const l of ['pt', 'en', 'es']) mkdirSync(join(dir, l));
      writeFileSync(join(dir, 'pt', 'messages.po'), 'msgid "error.forbidden"\nmsgstr "Proibido (catálogo)"\n');
      writeFileSync(join(dir, 'en', 'messages.po'), 'msgid "error.forbidden"\nmsgstr ""\n');
      const t = createTranslator(dir);
      expect(t.translate('en', messages.forbidden)).toBe('Proibido (catálogo)');
      expect(t.translate('es', messages.notFound)).toBe('Não encontramos o que você procurou.');
      expect(t.translate('en', 'not.an.id')).toBe('not.an.id');
      expect(t.has('not.an.id')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
