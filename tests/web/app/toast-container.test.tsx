import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ToastContainer from '../../../src/app/ToastContainer';
import { renderWithI18n } from './render';

describe('the toast area', () => {
  it.each([
    ['pt', 'Avisos (Alt+T)'],
    ['en', 'Alerts (Alt+T)'],
    ['es', 'Avisos (Alt+T)'],
  ] as const)('is named in the page language (%s), not in react-toastify English', async (locale, name) => {
    await renderWithI18n(<ToastContainer />, locale);
    expect(screen.getByRole('region', { name })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications Alt+T' })).toBeNull();
  });
});
