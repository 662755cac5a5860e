import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Dialog } from '../../../src/ui/Dialog';
import { renderWithI18n } from '../app/render';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Abrir</button>
      <button>Outro</button>
      <Dialog
        open={open}
        title="Excluir campanha?"
        description="Esta ação não pode ser desfeita."
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={
          <>
            <button onClick={() => setOpen(false)}>Cancelar</button>
            <button>Excluir</button>
          </>
        }
      >
        <input aria-label="Motivo" />
      </Dialog>
    </>
  );
}

const tab = (shift = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });

describe('Dialog', () => {
  it('is a labelled, described modal dialog', async () => {
    await renderWithI18n(<Harness />);
    fireEvent.click(screen.getByText('Abrir'));
    const dialog = screen.getByRole('dialog', { name: 'Excluir campanha?' });
    expect(dialog).toHaveProperty('ariaModal', 'true');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog).toHaveAccessibleDescription('Esta ação não pode ser desfeita.');
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('moves focus inside on open, traps Tab both ways, and restores focus on close', async () => {
    await renderWithI18n(<Harness />);
    const opener = screen.getByText('Abrir');
    opener.focus();
    fireEvent.click(opener);
    // First focusable after the close button.
    expect(document.activeElement).toBe(screen.getByLabelText('Motivo'));
    screen.getByText('Excluir').focus();
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByText('Excluir'));
    fireEvent.click(screen.getByText('Cancelar'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape and restores focus', async () => {
    const onClose = vi.fn();
    await renderWithI18n(<Harness onClose={onClose} />);
    const opener = screen.getByText('Abrir');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const onClose = vi.fn();
    await renderWithI18n(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('Abrir'));
    fireEvent.mouseDown(screen.getByLabelText('Motivo'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab on its own controls: a frame inside is never a stop, a radio group is one', async () => {
    await renderWithI18n(
      <Dialog open onClose={() => undefined} title="Pré-visualização">
        <iframe title="No celular" src="about:blank" />
        <label>
          <input type="radio" name="size" value="s" /> P
        </label>
        <label>
          <input type="radio" name="size" value="m" defaultChecked /> M
        </label>
        <button>Abrir a página</button>
      </Dialog>,
    );
    const close = screen.getByRole('button', { name: 'Fechar' });
    const chosen = screen.getByRole('radio', { name: 'M' });
    const link = screen.getByText('Abrir a página');
    expect(document.activeElement).toBe(chosen);
    tab();
    expect(document.activeElement).toBe(link);
    tab();
    expect(document.activeElement).toBe(close);
    tab();
    expect(document.activeElement).toBe(chosen);
    tab(true);
    expect(document.activeElement).toBe(close);
  });
});
