import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../server/services/gift-cards/orders/fair-queue';

/** Takes and finishes one item at a time, as the sheet reader's single worker does, until none waits. */
function drainOneByOne(queue: FairQueue<string>): string[] {
  const order: string[] = [];
  for (let next = queue.take(); next; next = queue.take()) {
    order.push(next.item);
    queue.done(next.owner);
  }
  return order;
}

describe('the fair queue (whose turn the sheet reader reads next)', () => {
  it('takes owners in turns, not in order of arrival', () => {
    const queue = new FairQueue<string>({ perOwner: 3, total: 16 });
    for (const item of ['a1', 'a2', 'a3']) queue.offer('ana', item);
    queue.offer('bia', 'b1');
    queue.offer('caio', 'c1');
    queue.offer('bia', 'b2');
    expect(drainOneByOne(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('puts a newcomer before the next of a pile whose first is under way, yet after those who waited longer', () => {
    const queue = new FairQueue<string>({ perOwner: 3, total: 16 });
    for (const item of ['a1', 'a2', 'a3']) queue.offer('ana', item);
    queue.offer('caio', 'c1');
    const first = queue.take();
    expect(first?.item).toBe('a1');
    queue.offer('bia', 'b1');
    queue.done('ana');
    expect(drainOneByOne(queue)).toEqual(['c1', 'b1', 'a2', 'a3']);
  });

  it("never starts an owner's second item while the first is under way, even with a free slot and nobody else waiting", () => {
    const queue = new FairQueue<string>({ perOwner: 3, total: 16 });
    queue.offer('ana', 'a1');
    queue.offer('ana', 'a2');
    expect(queue.take()).toEqual({ owner: 'ana', item: 'a1' });
    expect(queue.take()).toBeNull();
    queue.offer('bia', 'b1');
    expect(queue.take()).toEqual({ owner: 'bia', item: 'b1' });
    queue.done('ana');
    expect(queue.take()).toEqual({ owner: 'ana', item: 'a2' });
  });

  it("refuses an owner's items beyond its share (under way ones count), and anyone's beyond the total", () => {
    const queue = new FairQueue<string>({ perOwner: 2, total: 3 });
    expect(queue.offer('ana', 'a1')).toBeNull();
    queue.take();
    expect(queue.offer('ana', 'a2')).toBeNull();
    expect(queue.offer('ana', 'a3')).toBe('owner_full');
    expect(queue.offer('bia', 'b1')).toBeNull();
    expect(queue.offer('caio', 'c1')).toBeNull();
    expect(queue.offer('davi', 'd1')).toBe('full');
    expect(queue.size).toBe(3);
    expect(queue.drain().sort()).toEqual(['a2', 'b1', 'c1']);
    expect(queue.size).toBe(0);
  });

  it('newcomers arriving one after another do not starve an owner who has waited', () => {
    const queue = new FairQueue<string>({ perOwner: 3, total: 16 });
    queue.offer('ana', 'a1');
    queue.offer('ana', 'a2');
    const order: string[] = [];
    for (let n = 0; n < 6; n++) {
      queue.offer(`guest${n}`, `g${n}`);
      const next = queue.take();
      if (!next) break;
      order.push(next.item);
      queue.done(next.owner);
    }
    expect(order.slice(0, 4)).toContain('a2');
  });
});
