import { describe, expect, it, vi } from 'vitest';
import axios, { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { createNotificationsApi } from '../../src/lib/api/notifications';
import { ApiRequestError } from '../../src/lib/http/api-error';
import * as f from '../machines/notifications.fixtures';

/** An axios adapter answering by "METHOD url", recording the query params and bodies it got. */
function fakeServer(
  answer: (
    method: string,
    url: string,
    params: unknown,
    body: unknown,
  ) => { status: number; data?: unknown; headers?: Record<string, string> },
) {
  const adapter: AxiosAdapter = async (config) => {
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const reply = answer((config.method ?? 'get').toUpperCase(), config.url ?? '', config.params, body);
    const response: AxiosResponse = { status: reply.status, statusText: '', data: reply.data ?? '', headers: reply.headers ?? {}, config };
    if (reply.status < 300) return response;
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
  };
  return createNotificationsApi(axios.create({ adapter }));
}

describe('notifications API client', () => {
  it('lists a page with its x-total-count, sending only the filters given', async () => {
    const seen: unknown[] = [];
    const api = fakeServer((method, url, params) => {
      seen.push([method, url, params]);
      return { status: 200, data: [f.donation], headers: { 'x-total-count': '41' } };
    });
    expect(await api.listNotifications({ page: 1, amount: 30, read: false, type: undefined })).toEqual({
      notifications: [f.donation],
      total: 41,
    });
    expect(seen).toEqual([['GET', '/notifications', { page: 1, amount: 30, read: false }]]);
  });

  it('counts unread with read=false and amount=1', async () => {
    const seen: unknown[] = [];
    const api = fakeServer((_m, _u, params) => {
      seen.push(params);
      return { status: 200, data: [f.donation], headers: { 'x-total-count': '7' } };
    });
    expect(await api.countUnread()).toBe(7);
    expect(seen).toEqual([{ read: false, page: 0, amount: 1 }]);
  });

  it('PATCHes notification_id and read, then tells the listeners', async () => {
    const changed = vi.fn();
    const bodies: unknown[] = [];
    const api = fakeServer((method, url, _p, body) => {
      bodies.push([method, url, body]);
      return { status: 200, data: [{ ...f.donation, read: true }] };
    });
    api.onChanged(changed);
    expect(await api.patchNotifications([f.ids.donation], true)).toEqual([{ ...f.donation, read: true }]);
    expect(bodies).toEqual([['PATCH', '/notifications', { notification_id: [f.ids.donation], read: true }]]);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('reads types and preferences, and PUTs preferences', async () => {
    const prefs = { types: [{ type: 'donations' }], channels: ['email'] };
    const api = fakeServer((method, url, _p, body) => {
      if (url === '/notification-types')
        return { status: 200, data: { notificationTypes: [{ type: 'donations' }, { type: 'credit_expiring' }] } };
      if (method === 'PUT') return { status: 200, data: body };
      return { status: 200, data: prefs };
    });
    expect(await api.getNotificationTypes()).toEqual(['donations', 'credit_expiring']);
    expect(await api.getPreferences()).toEqual(prefs);
    expect(await api.putPreferences({ types: [{ type: 'gift_card_received' }], channels: ['in_app'] })).toEqual({
      types: [{ type: 'gift_card_received' }],
      channels: ['in_app'],
    });
  });

  it('wraps every failure into an ApiRequestError and tells no listener', async () => {
    const changed = vi.fn();
    const api = fakeServer(() => ({ status: 404, data: { message: 'Notificação não encontrada.', code: 'notification.not_found' } }));
    api.onChanged(changed);
    const error = await api.patchNotifications([f.ids.donation], true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'notification.not_found', messages: ['Notificação não encontrada.'] });
    expect(changed).not.toHaveBeenCalled();
  });
});
