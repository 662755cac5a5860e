import { describe, expect, it } from 'vitest';
import { endOfSaoPauloDayText, lastSaoPauloDayBefore } from '../../contracts/sao-paulo-time';
import { isAcceptingDonations } from '../../server/campaigns/campaign-rules';

/**
 * A campaign's last day (issue 22, item 7): the editor's "Último dia para doar" is stored as the next
 * day's 00:00 in São Paulo, donations are taken through the whole of that day, and pages show the day
 * chosen, not the day the instant falls on.
 */
describe('the last day to give', () => {
  const endsAt = endOfSaoPauloDayText('2027-03-31');
  const open = { status: 'published', startsAt: null, endsAt };

  it('is stored as 01/04 00:00 in São Paulo and read back as 31/03', () => {
    expect(endsAt.toISOString()).toBe('2027-04-01T03:00:00.000Z');
    expect(lastSaoPauloDayBefore(endsAt)).toBe('2027-03-31');
  });

  it('takes donations until 23:59:59 of that day in São Paulo, and none from the next 00:00', () => {
    expect(isAcceptingDonations(open, new Date('2027-03-31T00:00:00-03:00'))).toBe(true);
    expect(isAcceptingDonations(open, new Date('2027-03-31T23:59:59.999-03:00'))).toBe(true);
    expect(isAcceptingDonations(open, new Date('2027-04-01T00:00:00-03:00'))).toBe(false);
  });

  it('reads back every day of a year as entered, whatever the month length', () => {
    for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2028, 0, 1); at += 86_400_000) {
      const day = new Date(at).toISOString().slice(0, 10);
      expect(lastSaoPauloDayBefore(endOfSaoPauloDayText(day))).toBe(day);
    }
  });
});
