import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ConfirmCancelledError, ConfirmProvider, useConfirm, type ConfirmOptions } from '../../../src/app/dialogs/confirm';
import { renderWithI18n } from './render';

let confirm: ReturnType<typeof useConfirm>;
function Grab() {
  confirm = useConfirm();
  return null;
}

async function open(options: ConfirmOptions) {
  await renderWithI18n(
    <ConfirmProvider>
      <Grab />
    </ConfirmProvider>,
  );
  let promise!: Promise<void>;
  act(() => {
    promise = confirm(options);
  });
  // Wrapped: an async function would otherwise wait for the confirmation itself.
  return { promise };
}

// The view is lazy in the app; load it once up front so the first test does not time out on it.
beforeAll(() => import('../../../src/app/dialogs/ConfirmDialogView'));

describe('useConfirm', () => {
  it('shows title, description and texts, and resolves on confirm', async () => {
    const { promise } = await open({
      title: 'Excluir cartão?',
      description: 'O cartão final 4242 sai da sua conta.',
      confirmText: 'Excluir',
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir cartão?' });
    expect(dialog.textContent).toContain('O cartão final 4242 sai da sua conta.');
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await expect(promise).resolves.toBeUndefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("uses 'Cancelar' by default and rejects on cancel", async () => {
    const { promise } = await open({ title: 'Sair da campanha?' });
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(promise).rejects.toBeInstanceOf(ConfirmCancelledError);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('rejects when closed with Escape', async () => {
    const { promise } = await open({ title: 'Descartar alterações?', cancelText: 'Voltar' });
    expect(await screen.findByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await expect(promise).rejects.toBeInstanceOf(ConfirmCancelledError);
  });

  it('rejects when closed with the close button', async () => {
    const { promise } = await open({ title: 'Descartar alterações?' });
    fireEvent.click(await screen.findByRole('button', { name: 'Fechar' }));
    await expect(promise).rejects.toBeInstanceOf(ConfirmCancelledError);
  });

  it('rejects an open request when another one replaces it', async () => {
    const { promise: first } = await open({ title: 'Primeira?' });
    await screen.findByRole('alertdialog', { name: 'Primeira?' });
    let second!: Promise<void>;
    act(() => {
      second = confirm({ title: 'Segunda?' });
    });
    await expect(first).rejects.toBeInstanceOf(ConfirmCancelledError);
    expect(await screen.findByRole('alertdialog', { name: 'Segunda?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await expect(second).resolves.toBeUndefined();
  });
});
