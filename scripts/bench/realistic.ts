/**
 * Traffic as real people make it (issue 16): every request a new question. Search words and type-ahead prefixes come
 * from the seeded titles, tag filters are random combinations (1–3 taxonomies, 1–3 tags each), pages are random, and
 * the viewers rotate between a visitor and members of several levels. A background writer edits items, comments and
 * re-tags while the load runs, so the library version moves as it does in use.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { items } from '../../server/db/schema';
import { Random } from '../../server/db/seed/random';
import type { CatalogueTaxonomy, TagCatalogue } from '../../server/features/discovery/tag-catalogue';
import type { Scenario } from './load';
import { inertiaVisitHeaders, signInAs, xsrfTokenOf } from './session';

/** Distinct requests per scenario: more than a scenario sends in 8 s at cold speed, so almost none repeats. */
const DISTINCT_REQUESTS = 20_000;
const TITLE_SAMPLE = 5_000;
const MIN_WORD_LENGTH = 4;
const MAX_PAGE = 40;
/** Viewers the scenarios rotate through: a visitor (null) and people of levels 1, 2, 3 and 4. */
const VIEWER_EMAILS = [null, 'member@example.org', 'affiliate@example.org', 'leader@example.org', 'staff@example.org'] as const;
const WRITER_EMAIL = 'superadmin@example.org';
/** Fixed, so two runs send the same questions in the same order. */
const TRAFFIC_SEED = 20_261_124;

export const REALISTIC_PREFIX = 'distinct';

export interface Vocabulary {
  /** Lower-case words of the seeded titles, each once. */
  words: string[];
}

/** The words people would type: those of a spread-out sample of the titles. */
export async function loadVocabulary(db: Database): Promise<Vocabulary> {
  const rows = await db
    .select({ title: items.title })
    .from(items)
    .orderBy(sql`md5(${items.ref})`)
    .limit(TITLE_SAMPLE);
  const words = new Set<string>();
  for (const { title } of rows) for (const word of title.toLowerCase().match(/\p{L}+/gu) ?? []) if (word.length >= MIN_WORD_LENGTH) words.add(word);
  if (words.size === 0) throw new Error('The seeded titles have no words to search for');
  return { words: [...words].sort() };
}

/** Type-ahead prefixes: the first 3 to all letters of the vocabulary's words, shuffled. */
function typeAheadQuestions(rng: Random, vocabulary: Vocabulary): string[] {
  const prefixes = new Set<string>();
  for (const word of vocabulary.words) for (let length = 3; length <= word.length; length += 1) prefixes.add(word.slice(0, length));
  return rng.shuffle([...prefixes]);
}

function filterable(catalogue: TagCatalogue): CatalogueTaxonomy[] {
  return catalogue.taxonomies.filter((taxonomy) => taxonomy.show_in_filtering && taxonomy.tags.length > 0);
}

/** An index URL: random filters, a search word half of the time, and a page (mostly the first). */
function indexQuestion(rng: Random, vocabulary: Vocabulary, taxonomies: CatalogueTaxonomy[]): string {
  const query = new URLSearchParams();
  const chosen = rng.sample(taxonomies, rng.int(1, Math.min(3, taxonomies.length)));
  const tagRefs = chosen.flatMap((taxonomy) => rng.sample(taxonomy.tags, rng.int(1, Math.min(3, taxonomy.tags.length))).map((tag) => tag.ref));
  query.set('tags', tagRefs.join('-'));
  if (rng.chance(0.5)) query.set('search', rng.pick(vocabulary.words));
  const page = rng.chance(0.7) ? 1 : rng.int(2, 4);
  if (page > 1) query.set('page', String(page));
  return `/item?${query}`;
}

export interface RealisticTraffic {
  scenarios: Scenario[];
  /** Cookie headers of the writer (an admin), for the background writes. */
  writerCookie: string;
}

/** The distinct-question scenarios, as Inertia visits (or type-ahead JSON) by the rotating viewers. */
export async function realisticScenarios(address: string, version: string, vocabulary: Vocabulary, catalogue: TagCatalogue): Promise<RealisticTraffic> {
  const rng = new Random(TRAFFIC_SEED);
  const cookies = await Promise.all(VIEWER_EMAILS.map((email) => (email === null ? Promise.resolve('') : signInAs(address, email))));
  const visit = inertiaVisitHeaders('', version);
  const taxonomies = filterable(catalogue);
  const prefixes = typeAheadQuestions(rng, vocabulary);
  const many = (make: (index: number) => string) => Array.from({ length: DISTINCT_REQUESTS }, (_, index) => make(index));
  const scenarios: Scenario[] = [
    {
      name: `${REALISTIC_PREFIX} type-ahead prefixes`,
      paths: many((index) => `/item?${new URLSearchParams({ search: prefixes[index % prefixes.length]!, simplejson: 'true' })}`),
      headers: { accept: 'application/json' },
      cookies,
      distinctAddresses: true,
    },
    { name: `${REALISTIC_PREFIX} index: random tags + search`, paths: many(() => indexQuestion(rng, vocabulary, taxonomies)), headers: visit, cookies },
    {
      // What the client asks right after the results are painted (issue 35 §1): the same kind of questions' counts.
      name: `${REALISTIC_PREFIX} index: deferred counts`,
      paths: many(() => indexQuestion(rng, vocabulary, taxonomies)),
      headers: { ...visit, 'X-Inertia-Partial-Component': 'items/Index', 'X-Inertia-Partial-Data': 'matchCount,tagCounts' },
      cookies,
    },
    { name: `${REALISTIC_PREFIX} index: random pages`, paths: many(() => `/item?page=${rng.int(1, MAX_PAGE)}`), headers: visit, cookies },
  ];
  return { scenarios, writerCookie: await signInAs(address, WRITER_EMAIL) };
}

export interface BackgroundWriter {
  /** Stops writing and answers how many writes succeeded and failed. */
  stop(): Promise<{ done: number; failed: number }>;
}

export interface WriterTargets {
  itemRefs: readonly string[];
  /** Tags of a multiselect, not required taxonomy: adding and removing one never breaks a rule. */
  tagRefs: readonly string[];
}

/** Tags the writer may add and remove freely. */
export function writerTagRefs(catalogue: TagCatalogue): string[] {
  const taxonomy = catalogue.taxonomies.find((candidate) => candidate.multiselect && !candidate.required && candidate.tags.length > 0);
  if (!taxonomy) throw new Error('The seeded library has no multiselect, optional taxonomy for the background writer');
  return taxonomy.tags.map((tag) => tag.ref);
}

/**
 * `perSecond` writes a second as the admin, in turn: an item's blurb, a comment, a tag added, the same tag removed.
 * Each write is one request through the app (its validation, transaction, triggers and cache version).
 */
export function startBackgroundWriter(address: string, cookie: string, targets: WriterTargets, perSecond: number): BackgroundWriter {
  const token = xsrfTokenOf(cookie);
  const rng = new Random(TRAFFIC_SEED + 1);
  let done = 0;
  let failed = 0;
  let step = 0;
  let pending = Promise.resolve();
  const write = async () => {
    const ref = rng.pick(targets.itemRefs);
    // The add and the removal of one round name the same tag, so the item ends each round as it began.
    const tag = targets.tagRefs[Math.floor(step / 4) % targets.tagRefs.length]!;
    const kinds: Array<[string, string, Record<string, unknown> | null]> = [
      ['PATCH', `/i/${ref}`, { blurb: `Edited by the bench writer, step ${step}.` }],
      ['POST', `/i/${ref}/comment`, { comment: `Bench comment ${step}` }],
      ['POST', `/i/${targets.itemRefs[0]}/tag/${tag}`, null],
      ['DELETE', `/i/${targets.itemRefs[0]}/tag/${tag}`, null],
    ];
    const [method, path, body] = kinds[step % kinds.length]!;
    step += 1;
    try {
      const response = await fetch(`${address}${path}`, {
        method,
        redirect: 'manual',
        headers: { cookie, 'x-xsrf-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      await response.arrayBuffer();
      if (response.status < 400) done += 1;
      else failed += 1;
    } catch {
      failed += 1;
    }
  };
  const timer = setInterval(() => {
    pending = pending.then(write);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      return { done, failed };
    },
  };
}
