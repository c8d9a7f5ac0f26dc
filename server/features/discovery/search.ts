import { sql, type SQL } from 'drizzle-orm';
import { items } from '../../db/schema';

/** More words than this add nothing to a title-and-blurb search and only make the query slower. */
export const SEARCH_MAX_WORDS = 8;

/** Letters and digits only: every tsquery operator, quote and backslash falls between words. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The text handed to `to_tsquery('english', …)` for what a person typed: every word must
 * match (AND), and the last one may be the start of a word, so results follow typing.
 * Null when nothing searchable is left. Each word is quoted, and the words hold only letters
 * and digits, so no user text can be read as tsquery syntax.
 */
export function tsQueryText(search: string): string | null {
  const words = (search.normalize('NFKC').toLowerCase().match(WORD) ?? []).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return null;
  const quoted = words.map((word) => `'${word}'`);
  quoted[quoted.length - 1] += ':*';
  return quoted.join(' & ');
}

/** A parsed search: the SQL of its tsquery, used for matching and for ranking. */
export interface TextSearch {
  text: string;
  query: SQL;
}

export function textSearch(search: string): TextSearch | null {
  const text = tsQueryText(search);
  return text === null ? null : { text, query: sql`to_tsquery('english', ${text})` };
}

/** The same configuration ('english') as the generated `search_vector`, so the GIN index serves it. */
export function matchesSearch(search: TextSearch): SQL {
  return sql`${items.searchVector} @@ ${search.query}`;
}

/** Cover density ranking: words close together and in the title (weight A) rank higher. */
export function searchRank(search: TextSearch): SQL<number> {
  return sql<number>`ts_rank_cd(${items.searchVector}, ${search.query})`;
}
