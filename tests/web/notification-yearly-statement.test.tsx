import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { NotificationText } from '../../src/features/notifications/NotificationText';
import { renderPage } from './features/harness';

describe('the yearly statement notice', () => {
  it('says the year and its total and links to that year in Comprovantes', async () => {
    const notification = {
      id: 'n1',
      type: 'yearly_statement' as const,
      metadata: { year: 2030, amount: 7_500 },
      read: false,
      created_at: '2031-01-02T12:07:00.000Z',
    };
    await renderPage(() => <NotificationText notification={notification} />, { path: '/profile/notifications', locale: 'en' });
    expect(await screen.findByText(/In 2030 you gave R\$\s75,00\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Statements' }).getAttribute('href')).toBe('/profile#comprovantes-2030');
  });
});
