import type { CampaignDetail, CampaignSummary } from '../../contracts';

/** A public campaign as GET /campaigns lists it (the demo's community kitchen). */
export function makeCampaignSummary(overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  return {
    id: '0c7f1c44-2d2a-4d59-9b36-6f1f3f3a0001',
    slug: 'cozinha-solidaria-recife',
    title: 'Cozinha Solidária do Coque',
    summary: 'Quinhentas refeições por dia para famílias do bairro do Coque, no Recife.',
    cover_url: 'http://localhost/uploads/covers/cozinha.svg',
    category: { slug: 'alimentacao', name: 'Alimentação' },
    tags: [{ slug: 'fome-zero', name: 'Fome zero' }],
    goal: 5_000_000,
    raised: 1_234_500,
    donor_count: 87,
    status: 'published',
    featured: true,
    starts_at: '2026-01-10T12:00:00.000Z',
    ends_at: null,
    last_day: null,
    organiser_name: 'Associação de Moradoras do Coque',
    ...overrides,
  };
}

/** The same campaign as GET /campaigns/{slug} answers, with one anonymous message and donation. */
export function makeCampaignDetail(overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    ...makeCampaignSummary(),
    story_html: '<p>A Cozinha Solidária do Coque nasceu em 2020.</p><p>Cada <strong>R$ 6,00</strong> garante uma refeição.</p>',
    donation_count: 120,
    message_count: 2,
    latest_messages: [
      { id: 'm1', donor_name: 'Ana Souza', message: 'Força, Coque!', created_at: '2026-11-20T15:00:00.000Z' },
      { id: 'm2', donor_name: null, message: 'Que lindo trabalho.', created_at: '2026-11-19T02:30:00.000Z' },
    ],
    latest_donors: [
      { id: 'd1', donor_name: 'Ana Souza', amount: 5000, created_at: '2026-11-20T15:00:00.000Z' },
      { id: 'd2', donor_name: null, amount: 20000, created_at: '2026-11-19T02:30:00.000Z' },
    ],
    accepting_donations: true,
    ...overrides,
  };
}
