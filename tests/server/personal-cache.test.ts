import { describe, expect, it } from 'vitest';
import { createPersonalCache, personalScopeOf } from '../../server/http/personal-cache';

const clock = { now: () => new Date(1_000_000) };
const body = (size: number) => ({ body: 'x'.repeat(size) });
const cache = (maxBytes = 1_000_000) => createPersonalCache({ enabled: true, clock, maxBytes, maxAgeMs: 60_000 });

describe('personal cache', () => {
  it('keeps an answer per person and key until that person is invalidated', async () => {
    const kept = cache();
    let fills = 0;
    const fill = async () => (fills++, body(10));
    await kept.answer('a', 'profile', fill);
    await kept.answer('a', 'profile', fill);
    await kept.answer('b', 'profile', fill);
    expect(fills).toBe(2);
    kept.invalidateUser('a');
    await kept.answer('a', 'profile', fill);
    await kept.answer('b', 'profile', fill);
    expect(fills).toBe(3);
  });

  it('stays within its byte cap, the least recently read out first', async () => {
    const kept = cache(3 * (2 * 1000 + 256));
    for (const user of ['a', 'b', 'c']) await kept.answer(user, 'profile', async () => body(1000));
    await kept.answer('a', 'profile', async () => body(1000)); // a is read again: b is now the oldest
    await kept.answer('d', 'profile', async () => body(1000));
    expect(kept.size).toBe(3);
    expect(kept.bytes).toBeLessThanOrEqual(3 * (2 * 1000 + 256));
    let refilled = '';
    await kept.answer('b', 'profile', async () => ((refilled = 'b'), body(1000)));
    expect(refilled).toBe('b');
    for (let i = 0; i < 1000; i++) await kept.answer(`u${i}`, 'profile', async () => body(1000));
    expect(kept.bytes).toBeLessThanOrEqual(3 * (2 * 1000 + 256));
  });

  it('does not keep a read that was under way when its person changed', async () => {
    const kept = cache();
    let release!: () => void;
    const slow = kept.answer('a', 'profile', () => new Promise((resolve) => (release = () => resolve({ body: 'old' }))));
    kept.invalidateUser('a');
    release();
    expect((await slow).body).toBe('old');
    expect((await kept.answer('a', 'profile', async () => ({ body: 'new' }))).body).toBe('new');
  });

  it('tells the front door whether an answer it holds is still the kept one', async () => {
    let nowMs = 1_000_000;
    const kept = createPersonalCache({ enabled: true, clock: { now: () => new Date(nowMs) }, maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const first = await kept.answer('a', 'profile', async () => body(10));
    expect(kept.isCurrent(first)).toBe(true);
    kept.invalidateUser('a');
    expect(kept.isCurrent(first)).toBe(false);
    const second = await kept.answer('a', 'profile', async () => body(10));
    expect(kept.isCurrent(second)).toBe(true);
    kept.invalidateAll();
    expect(kept.isCurrent(second)).toBe(false);
    const third = await kept.answer('a', 'profile', async () => body(10));
    nowMs += 60_000;
    expect(kept.isCurrent(third)).toBe(false);
    expect(kept.size).toBe(0);
  });

  it('reads every time when off (no LISTEN)', async () => {
    const off = createPersonalCache({ enabled: false, clock, maxBytes: 1_000_000, maxAgeMs: 60_000 });
    let fills = 0;
    await off.answer('a', 'k', async () => (fills++, body(1)));
    await off.answer('a', 'k', async () => (fills++, body(1)));
    expect(fills).toBe(2);
  });

  it('tells personal payloads from public ones', () => {
    expect(personalScopeOf('user:42')).toEqual({ kind: 'user', userId: '42' });
    expect(personalScopeOf('user:*')).toEqual({ kind: 'every-user' });
    expect(personalScopeOf('session:7')).toEqual({ kind: 'session', sessionId: '7' });
    expect(personalScopeOf('*')).toBeNull();
    expect(personalScopeOf('')).toBeNull();
  });
});
