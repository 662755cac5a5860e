import { sql, type SQL } from 'drizzle-orm';

/** Words shorter than this are not searched as prefixes: 'a:*' would match nearly every campaign. */
const MIN_PREFIX_LENGTH = 3;

const wordsOf = (token: string): string[] => token.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The prefix form of a visitor's query for to_tsquery: every word as a prefix ('alimen:*'), words
 * after a minus excluded ('!recife'), all required (&). Letters and digits only reach to_tsquery,
 * so its own syntax never breaks the search. Null when no word is long enough to be a prefix.
 */
export function prefixTsQuery(q: string): string | null {
  const terms: string[] = [];
  let prefixes = 0;
  for (const token of q.split(/\s+/)) {
    if (token.toLowerCase() === 'or') continue;
    if (token.startsWith('-')) {
      terms.push(...wordsOf(token).map((word) => `!${word}`));
      continue;
    }
    for (const word of wordsOf(token)) {
      if (word.length < MIN_PREFIX_LENGTH) continue;
      terms.push(`${word}:*`);
      prefixes += 1;
    }
  }
  return prefixes > 0 ? terms.join(' & ') : null;
}

/**
 * The text-search query for `q` against campaigns.search_vector (Portuguese, accent-insensitive through
 * semear_search_text on both sides: unaccented, plurals in -ões folded): websearch syntax for whole words ("cozinha solidária", -recife, or),
 * OR every word as a prefix, so 'alimen' finds 'Alimentação' while the visitor is still typing.
 */
export function campaignSearchQuery(q: string): SQL {
  const whole = sql`websearch_to_tsquery('portuguese', semear_search_text(${q}))`;
  const prefixes = prefixTsQuery(q);
  if (prefixes === null) return whole;
  return sql`(${whole} || to_tsquery('portuguese', semear_search_text(${prefixes})))`;
}
