import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Header } from '../../../src/features/shell/Header';
import { renderPage } from '../features/harness';

const open = async () => {
  await renderPage(() => <Header />, { path: '/search' });
  const button = await screen.findByRole('button', { name: 'Menu' });
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
  return { button, panel };
};

describe("the phone header's menu", () => {
  it('opens with focus on its first link; Escape closes it and gives focus back', async () => {
    const { button, panel } = await open();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hasAttribute('data-open')).toBe(false);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hasAttribute('data-open')).toBe(true);
    // It holds the main links and the language.
    expect(within(panel).getByRole('link', { name: 'Sobre' })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Idioma')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Campanhas' })));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a tap or focus elsewhere, and when one of its links is followed', async () => {
    const { button, panel } = await open();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    act(() => screen.getByRole('link', { name: 'Entrar' }).focus());
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    // A link to the page already shown (no new path) closes it too; following another is in e2e.
    fireEvent.click(within(panel).getByRole('link', { name: 'Campanhas' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('is named in the page language', async () => {
    await renderPage(() => <Header />, { path: '/search', locale: 'es' });
    expect(await screen.findByRole('button', { name: 'Menú' })).toBeInTheDocument();
  });
});
