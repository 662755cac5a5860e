import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CampaignPage } from '../../src/features/campaigns/CampaignPage';
import { toast } from '../../src/app/toast';
import type { CampaignDetail } from '../../contracts';
import { renderPage } from './features/harness';
import { makeCampaignDetail } from './campaign-fixtures';

vi.mock('../../src/app/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
  useToast: () => toast,
}));

/** A stand-in IntersectionObserver (jsdom has none): the test says when an observed element is on screen. */
function fakeIntersectionObservers() {
  const all: Array<{ element?: Element; callback: IntersectionObserverCallback }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { element?: Element; callback: IntersectionObserverCallback };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        all.push(this.entry);
      }
      observe(element: Element) {
        this.entry.element = element;
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
  return {
    /** The observer of the element holding `inside`, to report it on or off screen. */
    watching(inside: Element) {
      const found = all.find((o) => o.element?.contains(inside));
      if (!found) throw new Error('nothing observes that element');
      return {
        report: (isIntersecting: boolean) =>
          found.callback([{ isIntersecting, target: found.element! } as unknown as IntersectionObserverEntry], {} as IntersectionObserver),
      };
    },
  };
}

const show = (campaign: CampaignDetail = makeCampaignDetail()) =>
  renderPage(() => <CampaignPage campaign={campaign} />, { path: '/cozinha-solidaria-recife' });
const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('campaign page', () => {
  beforeEach(() => vi.mocked(toast.success).mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the campaign: title, organiser, category, story, tags, progress and donors', async () => {
    await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cozinha Solidária do Coque' })).toBeInTheDocument();
    expect(document.title).toBe('Cozinha Solidária do Coque · Semear');
    expect(screen.getByText('Organizado por Associação de Moradoras do Coque')).toBeInTheDocument();
    expect(hrefOf('Alimentação')).toBe('/search?category=alimentacao');
    expect(hrefOf('#Fome zero')).toBe('/search?tag=fome-zero');
    // The sanitised story is rendered as HTML, not as escaped text.
    expect(screen.getByText('R$ 6,00').tagName).toBe('STRONG');
    expect(screen.getByText('24% da meta')).toBeInTheDocument();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('24');
    expect(screen.getByText('87 doadores')).toBeInTheDocument();
    const cover = document.querySelector('img') as HTMLImageElement;
    expect(cover.getAttribute('src')).toBe('http://localhost/uploads/covers/cozinha.svg');
    expect(cover.getAttribute('alt')).toBe('');
    // A vector cover is one small file at any width.
    expect(cover.getAttribute('srcset')).toBeNull();
  });

  it('a photo cover comes in phone to desktop widths: the phone downloads the small one', async () => {
    await show(makeCampaignDetail({ cover_url: 'http://localhost/uploads/campaigns/foto.jpg' }));
    await screen.findByRole('heading', { level: 1 });
    const cover = document.querySelector('img') as HTMLImageElement;
    expect(cover.getAttribute('srcset')).toBe(
      '/img/covers/cozinha-solidaria-recife-480.webp 480w, /img/covers/cozinha-solidaria-recife-960.webp 960w, /img/covers/cozinha-solidaria-recife-1440.webp 1440w',
    );
    expect(cover.getAttribute('sizes')).toBe('(min-width: 1024px) 680px, calc(100vw - 32px)');
    expect(cover.getAttribute('src')).toBe('http://localhost/uploads/campaigns/foto.jpg');
  });

  it('offers the suggested amounts and "Doar agora" with the chosen amount', async () => {
    await show();
    const donate = await screen.findByRole('link', { name: 'Doar agora' });
    expect(donate.getAttribute('href')).toBe('/cozinha-solidaria-recife/donate?amount=50');
    const choices = within(screen.getByRole('group', { name: 'Escolha um valor' })).getAllByRole('radio');
    expect(choices.map((c) => c.closest('label')?.textContent)).toEqual(['R$ 30,00', 'R$ 50,00', 'R$ 100,00', 'R$ 200,00']);
    fireEvent.click(screen.getByRole('radio', { name: 'R$ 100,00' }));
    expect(donate.getAttribute('href')).toBe('/cozinha-solidaria-recife/donate?amount=100');
  });

  it('keeps a way to give at the bottom of the screen on phones, with the chosen amount, once the donate box scrolls away', async () => {
    const observers = fakeIntersectionObservers();
    await show();
    const donate = await screen.findByRole('link', { name: 'Doar agora' });
    const barLink = () => screen.getByRole('link', { name: /^Doar R\$/, hidden: true });
    // Until the observer answers the box may be on screen: the bar waits, inert (not focused, not read).
    expect(barLink().closest('[inert]')).not.toBeNull();
    const box = observers.watching(donate);
    act(() => box.report(true));
    expect(barLink().closest('[inert]')).not.toBeNull();
    act(() => box.report(false));
    expect(barLink().closest('[inert]')).toBeNull();
    expect(barLink().textContent).toBe('Doar R$ 50,00');
    expect(barLink().getAttribute('href')).toBe('/cozinha-solidaria-recife/donate?amount=50');
    fireEvent.click(screen.getByRole('radio', { name: 'R$ 200,00' }));
    expect(barLink().textContent).toBe('Doar R$ 200,00');
    expect(barLink().getAttribute('href')).toBe('/cozinha-solidaria-recife/donate?amount=200');
    act(() => box.report(true));
    expect(barLink().closest('[inert]')).not.toBeNull();
  });

  it('shares with WhatsApp first, then Facebook, X, LinkedIn, e-mail and copy link', async () => {
    await show();
    const share = await screen.findByRole('list', { name: 'Compartilhar a campanha' });
    const items = within(share)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['WhatsApp', 'Facebook', 'X (Twitter)', 'LinkedIn', 'E-mail', 'Copiar link']);
    const url = `${window.location.origin}/cozinha-solidaria-recife`;
    const invite = 'Apoie a campanha "Cozinha Solidária do Coque" na Semear:';
    const whatsapp = within(share).getByRole('link', { name: 'Compartilhar por WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`${invite} ${url}`)}`);
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(share).getByRole('link', { name: 'Compartilhar por Facebook' }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    expect(within(share).getByRole('link', { name: 'Compartilhar por X (Twitter)' }).getAttribute('href')).toBe(
      `https://twitter.com/intent/tweet?text=${encodeURIComponent(invite)}&url=${encodeURIComponent(url)}`,
    );
    expect(within(share).getByRole('link', { name: 'Compartilhar por LinkedIn' }).getAttribute('href')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    expect(within(share).getByRole('link', { name: 'Compartilhar por E-mail' }).getAttribute('href')).toMatch(/^mailto:\?subject=/);
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar link' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Link copiado'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/cozinha-solidaria-recife`);
  });

  it('lists the latest messages and donors, anonymous ones as "Anônimo", with links to the full lists', async () => {
    await show();
    const messages = (await screen.findByRole('heading', { name: 'Mensagens de apoio' })).closest('section') as HTMLElement;
    expect(within(messages).getByText('Força, Coque!')).toBeInTheDocument();
    expect(within(messages).getByText('Anônimo')).toBeInTheDocument();
    expect(within(messages).getByRole('link', { name: 'Ver todas as mensagens (2)' }).getAttribute('href')).toBe(
      '/cozinha-solidaria-recife/messages',
    );
    const donors = screen.getByRole('heading', { name: 'Últimos doadores' }).closest('section') as HTMLElement;
    const rows = within(donors)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['Ana SouzaR$ 50,0020/11/2026', 'AnônimoR$ 200,0018/11/2026']);
    expect(within(donors).getByRole('link', { name: 'Ver todos os doadores (120)' }).getAttribute('href')).toBe(
      '/cozinha-solidaria-recife/doadores',
    );
  });

  it('a campaign without a goal shows the raised amount and donors only', async () => {
    await show(makeCampaignDetail({ goal: null, raised: 10_000, donor_count: 1 }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/% da meta/)).toBeNull();
    expect(screen.getByText('1 doador')).toBeInTheDocument();
  });

  it('a paused or closed campaign says so and has no donate button', async () => {
    await show(makeCampaignDetail({ status: 'paused', accepting_donations: false }));
    expect(await screen.findByText('Esta campanha está pausada e não recebe doações no momento.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Doar agora' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Doar R\$/, hidden: true })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a closed campaign thanks everyone instead', async () => {
    await show(makeCampaignDetail({ status: 'ended', accepting_donations: false }));
    expect(await screen.findByText(/Esta campanha foi encerrada/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Doar agora' })).toBeNull();
  });

  it('invites the first message and donation when there are none', async () => {
    await show(makeCampaignDetail({ latest_messages: [], latest_donors: [], message_count: 0, donation_count: 0 }));
    expect(await screen.findByText('Ainda não há mensagens. Doe e deixe a primeira!')).toBeInTheDocument();
    expect(screen.getByText('Ninguém doou ainda. Que tal ser a primeira pessoa?')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ver todas as mensagens/ })).toBeNull();
  });
});
