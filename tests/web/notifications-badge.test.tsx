import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { notificationsApi } from '../../src/lib/api/notifications';
import { UnreadBadge } from '../../src/features/shell/UnreadBadge';
import { renderInRouter } from './app/render';

const listeners = new Set<() => void>();
vi.mock('../../src/lib/api/notifications', () => ({
  notificationsApi: {
    countUnread: vi.fn(),
    onChanged: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  },
}));

beforeEach(() => {
  vi.clearAllMocks();
  listeners.clear();
});

describe('unread badge', () => {
  it('links to the notifications with the unread count, and counts again after a change', async () => {
    vi.mocked(notificationsApi.countUnread).mockResolvedValueOnce(3).mockResolvedValueOnce(1);
    await renderInRouter(<UnreadBadge />, '/');
    const link = await screen.findByRole('link', { name: 'Notificações: 3 não lidas' });
    expect(link.getAttribute('href')).toBe('/profile/notifications');
    expect(link.textContent).toContain('3');
    await act(async () => listeners.forEach((listener) => listener()));
    expect(await screen.findByRole('link', { name: 'Notificações: 1 não lida' })).toBeInTheDocument();
    expect(notificationsApi.countUnread).toHaveBeenCalledTimes(2);
  });

  it('shows no number when the count fails or is zero', async () => {
    vi.mocked(notificationsApi.countUnread).mockRejectedValue(new Error('offline'));
    await renderInRouter(<UnreadBadge />, '/');
    const link = await screen.findByRole('link', { name: 'Notificações' });
    expect(link.textContent).toBe('Notificações');
  });
});
