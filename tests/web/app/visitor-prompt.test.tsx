import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useVisitorPrompt, VisitorPromptProvider, type VisitorPrompt } from '../../../src/app/dialogs/visitor-prompt';
import { renderInRouter } from './render';

let prompt: VisitorPrompt;
function Grab() {
  prompt = useVisitorPrompt();
  return <p>Campanha</p>;
}

async function setup(path = '/cozinha-solidaria-recife?ref=home') {
  window.history.replaceState(null, '', path);
  const result = await renderInRouter(
    <VisitorPromptProvider>
      <Grab />
    </VisitorPromptProvider>,
    path,
  );
  await screen.findByText('Campanha');
  return result;
}

// The view is lazy in the app; load it once up front so the first test does not time out on it.
beforeAll(() => import('../../../src/app/dialogs/VisitorPromptView'));

describe('visitor prompt', () => {
  it('says the feature needs login, with the default text', async () => {
    await setup();
    act(() => prompt.open());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Você precisa estar logado para utilizar essa funcionalidade.');
  });

  it('shows a custom description instead', async () => {
    await setup();
    act(() => prompt.open({ description: 'Entre para salvar seus cartões.' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Entre para salvar seus cartões.');
    expect(dialog.textContent).not.toContain('Você precisa estar logado');
  });

  it("'Entrar agora' goes to /signin with return_url set to the current path", async () => {
    const { router } = await setup('/cozinha-solidaria-recife?ref=home');
    act(() => prompt.open());
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar agora' }));
    await screen.findByText('Página de entrada');
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toEqual({ return_url: '/cozinha-solidaria-recife?ref=home' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Faça seu cadastro' links to /signup, also with return_url set to the current path", async () => {
    const { router } = await setup('/cozinha-solidaria-recife?ref=home');
    act(() => prompt.open());
    const link = await screen.findByRole('link', { name: 'Faça seu cadastro' });
    expect(link.getAttribute('href')).toMatch(/^\/signup\?return_url=/);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.search).toEqual({ return_url: '/cozinha-solidaria-recife?ref=home' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
