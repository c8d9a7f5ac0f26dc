import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, searchLexemes } from '../db/schema';
import { sqlRows } from '../db/sql-rows';

/** More words than this add nothing to a title-and-blurb search and only make the query slower. */
export const SEARCH_MAX_WORDS = 8;

/** Letters and digits only: every tsquery operator, quote and backslash falls between words. */
const WORD = /[\p{L}\p{N}]+/gu;

function searchWords(search: string): string[] {
  return (search.normalize('NFKC').toLowerCase().match(WORD) ?? []).slice(0, SEARCH_MAX_WORDS);
}

/**
 * The text handed to `to_tsquery('english', …)` for what a person typed: every word must
 * match (AND), and the last one may be the start of a word, so results follow typing.
 * Null when nothing searchable is left. Each word is quoted, and the words hold only letters
 * and digits, so no user text can be read as tsquery syntax.
 */
export function tsQueryText(search: string, joiner = ' & '): string | null {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const quoted = words.map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`);
  return quoted.join(joiner);
}

/**
 * A parsed search: the SQL of its tsquery, matched against the words anywhere (`search_vector`) or in titles
 * (`title_vector`), and `plain`, its words joined by single spaces (what the typo-tolerant title match and the tag
 * labels compare with).
 */
export interface TextSearch {
  text: string;
  /** `text` with the words next to each other (null for one word). */
  phraseText: string | null;
  query: SQL;
  /** The words next to each other, in the order typed (tsquery `<->`); null for one word. */
  phrase: SQL | null;
  plain: string;
  /**
   * The last word, cut short or not, begins no word of the library (`withCompletedLastWord`): the words match no
   * item, in titles or anywhere, and only a title's beginning, a tag label or a close title can.
   */
  lastWordUnknown?: boolean;
}

export function textSearch(search: string): TextSearch | null {
  const text = tsQueryText(search);
  if (text === null) return null;
  const phraseText = searchWords(search).length > 1 ? tsQueryText(search, ' <-> ') : null;
  return {
    text,
    phraseText,
    query: sql`to_tsquery('english', ${text})`,
    phrase: phraseText === null ? null : sql`to_tsquery('english', ${phraseText})`,
    plain: searchWords(search).join(' '),
  };
}

/** At most this many words a cut-short last word is completed to; a prefix of more (one or two letters) stays a prefix. */
export const COMPLETIONS_LIMIT = 32;

/** A tsquery's prefix operand, as PostgreSQL writes a tsquery: `'church':*`. */
const PREFIX_OPERAND = /'((?:[^']|'')+)':\*/;

/** A lexeme as tsquery input reads it: quoted, a quote doubled and a backslash escaped. */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The search with its last word, which may be cut short ('church' of 'churchyard'), put as the whole words it begins
 * in the library (`search_lexemes`, migration 0043), joined by OR: the same matches, but the search's GIN index then
 * skips through the entries of the words and the filters together, where a prefix made it build a bitmap of every
 * item holding any of its words first (150 ms for 'church' at 1,000,000 items, with tag filters that leave none;
 * 45 ms for the whole words). One statement; the search as it was when the prefix begins more than COMPLETIONS_LIMIT
 * words (a prefix that short is common, and the walk of the popularity order answers it), and marked
 * `lastWordUnknown` when it begins none: its words then match nothing, and no index need be read to learn it (a typo
 * in the type-ahead read the head of three tiers in vain, 45 ms at 1,000,000 items).
 */
export async function withCompletedLastWord(db: Database, search: TextSearch): Promise<TextSearch> {
  const stem = sql`substring(to_tsquery('english', ${search.text})::text from ${PREFIX_OPERAND.source})`;
  const [row] = await sqlRows<{ query: string; phrase: string | null; stem: string | null; completions: string[] }>(
    db,
    sql`select to_tsquery('english', ${search.text})::text as query, ${stem} as stem,
      ${search.phraseText === null ? sql`null` : sql`to_tsquery('english', ${search.phraseText})::text`} as phrase,
      array(select ${searchLexemes.lexeme} from ${searchLexemes}, (select ${stem} as stem) as typed
        where ${searchLexemes.lexeme} collate "C" >= typed.stem and ${searchLexemes.lexeme} collate "C" < left(typed.stem, -1) || chr(ascii(right(typed.stem, 1)) + 1)
        order by ${searchLexemes.lexeme} collate "C" limit ${COMPLETIONS_LIMIT + 1}) as completions`,
  );
  const completions = row?.completions ?? [];
  // A stop word as the last word leaves no prefix in the query (no stem): the other words decide.
  if (row && row.stem !== null && completions.length === 0) return { ...search, phrase: null, lastWordUnknown: true };
  if (!row || completions.length === 0 || completions.length > COMPLETIONS_LIMIT) return search;
  const completed = (query: string) => query.replace(PREFIX_OPERAND, () => `( ${completions.map(quotedLexeme).join(' | ')} )`);
  return {
    ...search,
    query: sql`${completed(row.query)}::tsquery`,
    phrase: row.phrase === null ? null : sql`${completed(row.phrase)}::tsquery`,
  };
}

/** The same configuration ('english') as the generated `search_vector`, so the GIN index serves it. */
export function matchesSearch(search: TextSearch): SQL {
  return search.lastWordUnknown ? sql`false` : sql`${items.searchVector} @@ ${search.query}`;
}

/** The words in titles (`title_vector`, in the same GIN index). */
export function matchesSearchInTitles(search: TextSearch): SQL {
  return search.lastWordUnknown ? sql`false` : sql`${items.titleVector} @@ ${search.query}`;
}

/**
 * Typed words corrected against the words of titles (`title_words`, migration 0041: pg_trgm similarity to the
 * vocabulary, word similarity for the last word, which may be cut short), as a tsquery of titles: each typed word by
 * one of its close words (`every`), or any of them. A sub-select, so it is worked out once per statement, and the
 * search's GIN index reads the titles it names.
 */
function closeTitleWords(search: TextSearch, every: boolean): SQL {
  const words = sql.join(
    search.plain.split(' ').map((word) => sql`${word}`),
    sql`, `,
  );
  return sql`(select close_title_words_query(array[${words}]::text[], ${sql.raw(every ? 'true' : 'false')}))`;
}

/**
 * The index's typo-tolerant way to match (decisions: "Finding things"): a title holding, for every typed word, a word
 * close to it ('asembly lost sheep' finds "Assembly Plan: The Lost Sheep").
 */
export function hasCloseTitle(search: TextSearch): SQL {
  return sql`${items.searchVector} @@ ${closeTitleWords(search, true)}`;
}

/** Titles loosely like the search, where an empty result's suggestions are looked for: a word close to any typed word. */
export function hasLooselyCloseTitle(search: TextSearch): SQL {
  return sql`${items.searchVector} @@ ${closeTitleWords(search, false)}`;
}

/** How close a title is to what was typed, for suggestions when nothing matched (0 to 1). */
export function titleCloseness(search: TextSearch): SQL<number> {
  return sql<number>`word_similarity(${search.plain}, ${items.title})`;
}

/** pg_trgm's trigrams of a text: each word lowercased, padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of searchWords(text)) {
    const padded = `  ${word} `;
    for (let index = 0; index + 3 <= padded.length; index += 1) found.add(padded.slice(index, index + 3));
  }
  return found;
}

/** pg_trgm's `similarity`: shared trigrams over all trigrams of the two texts. */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** A tag label matches a search when the two are this similar (a whole label, typed with a slip or two). */
export const TAG_LABEL_SIMILARITY = 0.5;
