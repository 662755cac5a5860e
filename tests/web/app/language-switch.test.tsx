import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Trans } from '@lingui/react/macro';
import { LOCALE_STORAGE_KEY } from '../../../contracts';
import { readStoredLocale } from '../../../src/app/i18n/locale';
import { LanguageSwitch } from '../../../src/features/shell/LanguageSwitch';
import { renderWithI18n } from './render';

function Page() {
  return (
    <>
      <LanguageSwitch />
      <p>
        <Trans>Doar agora</Trans>
      </p>
    </>
  );
}

describe('language switch', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to pt when nothing (or garbage) is stored', () => {
    expect(readStoredLocale()).toBe('pt');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
    expect(readStoredLocale()).toBe('pt');
  });

  it('switches pt → en → es, translating the page and remembering the choice', async () => {
    await renderWithI18n(<Page />, readStoredLocale());
    const select = screen.getByLabelText('Idioma') as HTMLSelectElement;
    expect(select.value).toBe('pt');
    expect(screen.getByText('Doar agora')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pt-BR');

    // Each catalog is a lazy chunk compiled on first import: on a busy machine that takes over a second.
    const catalogLoad = { timeout: 10_000 };
    fireEvent.change(select, { target: { value: 'en' } });
    await screen.findByText('Donate now', {}, catalogLoad);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    // Mirrored for the server, which writes the next landing page's first screen in it.
    expect(document.cookie).toContain('semear.locale=en');
    expect(document.documentElement.lang).toBe('en');

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
    await screen.findByText('Donar ahora', {}, catalogLoad);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(document.cookie).toContain('semear.locale=es');
    expect(readStoredLocale()).toBe('es');
    await waitFor(() => expect((screen.getByLabelText('Idioma') as HTMLSelectElement).value).toBe('es'));
  });

  it('starts in the remembered language', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    await renderWithI18n(<Page />, readStoredLocale());
    expect(screen.getByText('Donate now')).toBeInTheDocument();
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
  });
});
