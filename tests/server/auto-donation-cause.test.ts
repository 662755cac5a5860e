import { describe, expect, it } from 'vitest';
import { lookbackStart, pickAutoDonationCause, type CauseCandidate } from '../../server/services/wallet/auto-donation-cause';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-31T15:00:00Z');

function candidate(slug: string, overrides: Partial<CauseCandidate> = {}): CauseCandidate {
  return {
    id: `id-${slug}`,
    slug,
    title: `Campanha ${slug}`,
    status: 'published',
    startsAt: new Date(now.getTime() - 30 * DAY_MS),
    endsAt: new Date(now.getTime() + 30 * DAY_MS),
    chosen: false,
    givenCents: 0,
    lastGivenAt: null,
    ...overrides,
  };
}

describe('where unused credit goes (docs/design.md §6)', () => {
  it('the chosen campaign wins over one the donor gave more to', () => {
    const cause = pickAutoDonationCause([candidate('horta', { givenCents: 90_000 }), candidate('biblioteca', { chosen: true })], now);
    expect(cause).toEqual({ campaign: { id: 'id-biblioteca', slug: 'biblioteca', title: 'Campanha biblioteca' }, reason: 'chosen' });
  });

  it('a chosen campaign that stopped taking donations (ended, paused, not started) falls back to the one given most to', () => {
    for (const closed of [
      { endsAt: new Date(now.getTime() - 1) },
      { endsAt: now },
      { status: 'paused' },
      { status: 'draft' },
      { startsAt: new Date(now.getTime() + DAY_MS) },
    ]) {
      const cause = pickAutoDonationCause(
        [candidate('biblioteca', { chosen: true, ...closed }), candidate('horta', { givenCents: 1000 })],
        now,
      );
      expect(cause.reason).toBe('most_given');
      expect(cause.campaign?.slug).toBe('horta');
    }
  });

  it('the campaign given most to, skipping those that no longer take donations', () => {
    const cause = pickAutoDonationCause(
      [candidate('a', { givenCents: 5000 }), candidate('b', { givenCents: 20_000, status: 'ended' }), candidate('c', { givenCents: 7000 })],
      now,
    );
    expect(cause).toMatchObject({ campaign: { slug: 'c' }, reason: 'most_given' });
  });

  it('a tie goes to the campaign given to last', () => {
    const cause = pickAutoDonationCause(
      [
        candidate('a', { givenCents: 5000, lastGivenAt: new Date(now.getTime() - 10 * DAY_MS) }),
        candidate('b', { givenCents: 5000, lastGivenAt: new Date(now.getTime() - DAY_MS) }),
      ],
      now,
    );
    expect(cause.campaign?.slug).toBe('b');
  });

  it('nothing chosen and nothing given to an open campaign: the general fund', () => {
    expect(pickAutoDonationCause([], now)).toEqual({ campaign: null, reason: 'general_fund' });
    expect(pickAutoDonationCause([candidate('a', { givenCents: 5000, status: 'ended' }), candidate('b', { givenCents: 0 })], now)).toEqual({
      campaign: null,
      reason: 'general_fund',
    });
  });

  it('looks back 12 calendar months', () => {
    expect(lookbackStart(now).toISOString()).toBe('2025-03-31T15:00:00.000Z');
    expect(lookbackStart(new Date('2026-01-15T03:00:00Z')).toISOString()).toBe('2025-01-15T03:00:00.000Z');
  });
});
