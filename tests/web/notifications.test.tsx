import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationListQuery } from '../../src/lib/api/notifications';
import {
  countUnread,
  getNotificationTypes,
  getPreferences,
  listNotifications,
  patchNotifications,
  putPreferences,
} from '../../src/lib/api/notifications';
import { NotificationsPage } from '../../src/features/notifications/NotificationsPage';
import { toast } from '../../src/app/toast';
import { ApiRequestError } from '../../src/lib/http/api-error';
import { NOTIFICATION_TYPES, type Notification } from '../../contracts';
import { makeUser, renderPage } from './features/harness';
import * as f from '../machines/notifications.fixtures';

vi.mock('../../src/lib/api/notifications', () => ({
  listNotifications: vi.fn(),
  countUnread: vi.fn(),
  patchNotifications: vi.fn(),
  getNotificationTypes: vi.fn(),
  getPreferences: vi.fn(),
  putPreferences: vi.fn(),
}));
vi.mock('../../src/app/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() } }));

const failed = new ApiRequestError({ status: 500, code: 'internal', messages: ['Erro desconhecido.'] });

const monthlyFailed = f.notification('00000000-0000-4000-8000-000000000010', 'monthly_charge_failed', false, {
  amount: 3500,
  retry_at: '2026-11-25T12:00:00.000Z',
  canceled: false,
});
const automatic = f.notification('00000000-0000-4000-8000-000000000011', 'automatic_donation', true, {
  amount: 1250,
  campaign: null,
  source: 'lot',
});

function serve(pages: Record<string, { notifications: Notification[]; total: number }>) {
  vi.mocked(listNotifications).mockImplementation(
    async (query: NotificationListQuery) => pages[JSON.stringify(query)] ?? { notifications: [], total: 0 },
  );
}

async function open(
  pages = {
    [JSON.stringify({ page: 0, amount: 30 })]: {
      notifications: [f.donation, f.orphan, f.charge, monthlyFailed, automatic, f.expiring],
      total: 40,
    },
  },
  unread = 4,
) {
  serve(pages);
  vi.mocked(countUnread).mockResolvedValue(unread);
  const view = await renderPage(NotificationsPage, { path: '/profile/notifications', user: makeUser() });
  await screen.findByText(/Cozinha Solidária do Recife/);
  return view;
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.mocked(getNotificationTypes).mockResolvedValue([...NOTIFICATION_TYPES]);
  vi.mocked(getPreferences).mockResolvedValue({ types: [{ type: 'donations' }, { type: 'credit_expiring' }], channels: ['in_app'] });
});

describe('/profile/notifications', () => {
  it('says what happened by type, with pt-BR money and dates, a link to the campaign, and the unread count', async () => {
    await open();
    const donation = screen.getByText(/Sua doação de R\$ 50,00 para/);
    expect(donation.textContent).toBe('Sua doação de R$ 50,00 para Cozinha Solidária do Recife foi confirmada.');
    expect(within(donation).getByRole('link', { name: 'Cozinha Solidária do Recife' }).getAttribute('href')).toBe('/cozinha-recife');
    expect(screen.getByText('Sua doação mensal de R$ 35,00 foi cobrada. O crédito já está na sua carteira.')).toBeInTheDocument();
    expect(
      screen.getByText('Não conseguimos cobrar sua doação mensal de R$ 35,00. Vamos tentar de novo em 25/11/2026; confira seu cartão.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Doamos automaticamente R$ 12,50 do seu crédito não usado para o fundo geral.')).toBeInTheDocument();
    expect(screen.getByText(/R\$ 20,00 do seu crédito vence em 29\/11\/2026 e será doado para o fundo geral/)).toBeInTheDocument();
    // The donation notice without donation_id is not listed (5 of the 6 fetched).
    expect(items()).toHaveLength(5);
    expect(screen.getAllByText(/^\d{2}\/\d{2}\/2026/).length).toBeGreaterThan(0);
    expect(screen.getByText('Você tem 4 notificações não lidas.')).toBeInTheDocument();
    expect(listNotifications).toHaveBeenCalledWith({ page: 0, amount: 30 });
  });

  it("speaks the donor's language, money and dates staying Brazilian", async () => {
    serve({ [JSON.stringify({ page: 0, amount: 30 })]: { notifications: [f.donation], total: 1 } });
    vi.mocked(countUnread).mockResolvedValue(1);
    await renderPage(NotificationsPage, { path: '/profile/notifications', user: makeUser(), locale: 'en' });
    expect((await screen.findByText(/Your donation of R\$ 50,00 to/)).textContent).toBe(
      'Your donation of R$ 50,00 to Cozinha Solidária do Recife was confirmed.',
    );
    expect(screen.getByText('You have 1 unread notification.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
  });

  it('filters by read state and type, starting again from page 0', async () => {
    await open();
    serve({ [JSON.stringify({ page: 0, amount: 30, read: false })]: { notifications: [f.gift], total: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Não lidas' }));
    expect(await screen.findByText('Você recebeu um gift card de R$ 100,00.')).toBeInTheDocument();
    expect(items()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Não lidas' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'credit_expiring' } });
    await waitFor(() => expect(listNotifications).toHaveBeenLastCalledWith({ page: 0, amount: 30, read: false, type: 'credit_expiring' }));
    expect(await screen.findByText(/Nenhuma notificação por aqui/)).toBeInTheDocument();
  });

  it('loads more while page × 30 is below the total', async () => {
    await open({
      [JSON.stringify({ page: 0, amount: 30 })]: { notifications: [f.donation], total: 31 },
      [JSON.stringify({ page: 1, amount: 30 })]: { notifications: [f.charge], total: 31 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('marking read in "Todas" keeps the notice, marked read, and lowers the count; a failure puts it back and says so', async () => {
    await open();
    let fail!: (error: unknown) => void;
    vi.mocked(patchNotifications).mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    const row = items()[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Marcar como lida' }));
    expect(items()).toHaveLength(5);
    expect(within(items()[0]!).getByRole('button', { name: 'Marcar como não lida' })).toBeInTheDocument();
    expect(screen.getByText('Você tem 3 notificações não lidas.')).toBeInTheDocument();
    expect(patchNotifications).toHaveBeenCalledWith([f.ids.donation], true);
    await act(async () => fail(failed));
    expect(items()).toHaveLength(5);
    expect(within(items()[0]!).getByRole('button', { name: 'Marcar como lida' })).toBeInTheDocument();
    expect(screen.getByText('Você tem 4 notificações não lidas.')).toBeInTheDocument();
    // Said once, next to the list: the page's alert, not a toast as well.
    expect(screen.getByRole('alert').textContent).toContain('Não conseguimos marcar como lida');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('"Marcar selecionadas como lidas" in "Todas" keeps them listed, read; "Não lidas" drops them', async () => {
    await open();
    vi.mocked(patchNotifications).mockResolvedValue([]);
    fireEvent.click(screen.getByLabelText('Selecionar todas'));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar selecionadas como lidas' }));
    await waitFor(() => expect(screen.queryAllByText('Não lida')).toHaveLength(0));
    expect(items()).toHaveLength(5);
    expect(screen.queryByText(/Nenhuma notificação por aqui/)).toBeNull();
    serve({ [JSON.stringify({ page: 0, amount: 30, read: false })]: { notifications: [f.gift], total: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Não lidas' }));
    expect(await screen.findByText('Você recebeu um gift card de R$ 100,00.')).toBeInTheDocument();
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Marcar como lida' }));
    expect(await screen.findByText(/Nenhuma notificação por aqui/)).toBeInTheDocument();
  });

  it('selects all and marks the selection unread', async () => {
    await open();
    vi.mocked(patchNotifications).mockResolvedValue([]);
    fireEvent.click(screen.getByLabelText('Selecionar todas'));
    expect(screen.getAllByRole('checkbox', { name: /^Selecionar:/ }).every((box) => (box as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar selecionadas como não lidas' }));
    expect(patchNotifications).toHaveBeenCalledWith([f.ids.donation, f.ids.charge, monthlyFailed.id, automatic.id, f.ids.expiring], false);
    // Two of them were read: the count rises by two.
    expect(screen.getByText('Você tem 6 notificações não lidas.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Não lida')).toHaveLength(5));
  });

  it('saves the preferences: types (each with type) and channels', async () => {
    await open();
    vi.mocked(putPreferences).mockImplementation(async (p) => p);
    const form = (await screen.findByRole('heading', { name: 'Como você quer ser avisado' })).closest('section') as HTMLElement;
    const box = (name: string) => within(form).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box('Doações confirmadas').checked).toBe(true);
    expect(box('Gift cards recebidos').checked).toBe(false);
    expect(box('Aqui no Semear').checked).toBe(true);
    expect(box('Por e-mail').checked).toBe(false);
    const save = within(form).getByRole('button', { name: 'Salvar preferências' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(box('Gift cards recebidos'));
    fireEvent.click(box('Por e-mail'));
    fireEvent.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Preferências salvas. Vamos avisar você do jeito que escolheu.'));
    expect(putPreferences).toHaveBeenCalledWith({
      types: [{ type: 'donations' }, { type: 'gift_card_received' }, { type: 'credit_expiring' }],
      channels: ['in_app', 'email'],
    });
  });

  it('keeps the choices and says so when saving fails', async () => {
    await open();
    vi.mocked(putPreferences).mockRejectedValue(failed);
    const form = (await screen.findByRole('heading', { name: 'Como você quer ser avisado' })).closest('section') as HTMLElement;
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Por e-mail' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar preferências' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect((within(form).getByRole('checkbox', { name: 'Por e-mail' }) as HTMLInputElement).checked).toBe(true);
  });
});
