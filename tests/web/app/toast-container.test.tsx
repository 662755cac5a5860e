import { act, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import ToastContainer from '../../../src/app/ToastContainer';
import { renderWithI18n } from './render';

describe('the toast area', () => {
  it.each([
    ['pt', 'Avisos (Alt+T)', 'Fechar aviso'],
    ['en', 'Alerts (Alt+T)', 'Close alert'],
    ['es', 'Avisos (Alt+T)', 'Cerrar aviso'],
  ] as const)(
    'is named in the page language (%s), not in react-toastify English, and so is its close button',
    async (locale, name, close) => {
      await renderWithI18n(<ToastContainer />, locale);
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Notifications Alt+T' })).toBeNull();
      act(() => {
        toast('Doação confirmada');
      });
      const button = await screen.findByRole('button', { name: close });
      expect(screen.queryByRole('button', { name: 'close' })).toBeNull();
      act(() => button.click());
      act(() => toast.dismiss());
    },
  );
});
