import { describe, expect, it } from 'vitest';
import { createStatementNames } from '../../server/db/statement-names';

describe('statement names', () => {
  it('gives one text one name, and another text another', () => {
    const nameOf = createStatementNames();
    const first = nameOf('select 1 where $1 = 1');
    expect(first).toBeDefined();
    expect(nameOf('select 1 where $1 = 1')).toBe(first);
    expect(nameOf('select 2 where $1 = 1')).not.toBe(first);
  });

  it('names no more than its bound: later texts run unnamed, earlier ones keep their names', () => {
    const nameOf = createStatementNames(2);
    const a = nameOf('a $1');
    const b = nameOf('b $1');
    expect(nameOf('c $1')).toBeUndefined();
    expect([nameOf('a $1'), nameOf('b $1')]).toEqual([a, b]);
  });

  it('leaves a text too long to be a hot statement unnamed', () => {
    expect(createStatementNames()(`select ${'$1, '.repeat(5000)}1`)).toBeUndefined();
  });
});
