import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { VISIBILITY_VALUES } from '../../shared/enums';
import type { SearchResult } from '../../shared/items';
import { ANONYMOUS, canListItem, canOpenExpiredItem, isItemExpired, type Viewer } from '../../server/access/policy';
import { loadViewer } from '../../server/auth/viewer';
import { items, itemTags, tags } from '../../server/db/schema';
import { tsQueryText } from '../../server/features/discovery/search';
import { useTestApp, type CookieJar } from '../support/app';
import { inertiaHeaders, signInAs } from '../support/http';
import { seedDiscoveryFixture, userIdOf } from './discovery-fixture';

const ctx = useTestApp({ seed: seedDiscoveryFixture });

/** No stop words, and no word is the start of another, so a title holds a word exactly when a search for it matches. */
const VOCABULARY = ['camp', 'bible', 'prayer', 'games', 'music', 'river', 'lantern', 'harvest'] as const;
const TYPES = ['Resource', 'Training', 'Equipment'] as const;
const PEOPLE = ['member', 'affiliate', 'leader', 'staff', 'team', 'admin'] as const;
const DAY_MS = 24 * 3600 * 1000;

interface TestViewer {
  name: string;
  viewer: Viewer;
  jar?: CookieJar;
}
let viewers: TestViewer[];
const userIds = new Map<string, number>();
let typeTagIds: Record<string, number>;

beforeAll(async () => {
  viewers = [{ name: 'anonymous', viewer: ANONYMOUS }];
  for (const person of PEOPLE) {
    const id = await userIdOf(ctx.database, `${person}@example.org`);
    userIds.set(person, id);
    viewers.push({ name: person, viewer: (await loadViewer(ctx.database.db, id))!, jar: await signInAs(ctx.app, `${person}@example.org`) });
  }
  const rows = await ctx.database.db.select({ id: tags.id, label: tags.label }).from(tags);
  typeTagIds = Object.fromEntries(rows.map((row) => [row.label, row.id]));
});

const generatedItem = fc.record({
  visibility: fc.constantFrom(...VISIBILITY_VALUES),
  minimumAccessLevel: fc.integer({ min: 0, max: 6 }),
  maintainer: fc.constantFrom(null, ...PEOPLE),
  words: fc.uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }),
  expiry: fc.constantFrom('none', 'past', 'future'),
  type: fc.constantFrom(...TYPES),
});
type GeneratedItem = typeof generatedItem extends fc.Arbitrary<infer Item> ? Item : never;

async function replaceLibrary(generated: GeneratedItem[]) {
  const db = ctx.database.db;
  await db.delete(items);
  const now = Date.now();
  const rows = await db
    .insert(items)
    .values(
      generated.map((item, index) => ({
        code: `EQ-P${index}`,
        title: item.words.join(' '),
        visibility: item.visibility,
        minimumAccessLevel: item.minimumAccessLevel,
        createdByUserId: item.maintainer ? userIds.get(item.maintainer)! : null,
        expiresAt: item.expiry === 'none' ? null : new Date(now + (item.expiry === 'past' ? -DAY_MS : DAY_MS)),
      })),
    )
    .returning();
  await db.insert(itemTags).values(rows.map((row, index) => ({ itemId: row.id, tagId: typeTagIds[generated[index].type] })));
  return rows;
}

let requestNumber = 0;
/** Requests are rate-limited per address, and a property makes hundreds: each comes from its own address. */
async function request(url: string, jar?: CookieJar, headers: Record<string, string> = {}) {
  requestNumber += 1;
  const remoteAddress = `10.${(requestNumber >> 16) & 255}.${(requestNumber >> 8) & 255}.${requestNumber & 255}`;
  return ctx.app.inject({ method: 'GET', url, remoteAddress, headers: { cookie: jar?.header() ?? '', ...headers } });
}

/** The oracle: the policy's own predicates, including the expiry rule for opening. */
function mayList(viewer: Viewer, row: typeof items.$inferSelect): boolean {
  return canListItem(viewer, row) && (!isItemExpired(row) || canOpenExpiredItem(viewer, row));
}

async function listedRefs(url: string, jar?: CookieJar) {
  const response = await request(url, jar, await inertiaHeaders(ctx.app));
  expect(response.statusCode, url).toBe(200);
  const page = response.json();
  return { refs: page.props.items.data.map((item: { ref: string }) => item.ref).sort(), total: page.props.itemsPagination.total, matchCount: page.props.matchCount };
}

describe('lists never reveal an item the viewer may not open', () => {
  it('index, tag page, search, popular, drafts and type-ahead hold exactly what the policy allows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(generatedItem, { minLength: 1, maxLength: 14 }), fc.constantFrom(...VOCABULARY), async (generated, word) => {
        const rows = await replaceLibrary(generated);
        for (const { name, viewer, jar } of viewers) {
          const listable = rows.filter((row) => mayList(viewer, row));
          const refsWhere = (keep: (row: (typeof rows)[number], index: number) => boolean) =>
            rows.filter((row, index) => listable.includes(row) && keep(row, index)).map((row) => row.ref).sort();

          const all = await listedRefs('/item', jar);
          expect(all.refs, `/item as ${name}`).toEqual(refsWhere(() => true));
          expect(all.total).toBe(listable.length);

          const searched = await listedRefs(`/item?search=${word}`, jar);
          const expectedSearch = refsWhere((_, index) => generated[index].words.includes(word));
          expect(searched.refs, `search ${word} as ${name}`).toEqual(expectedSearch);
          expect(searched.matchCount).toBe(expectedSearch.length);

          const tagged = await listedRefs('/tag/resource', jar);
          expect(tagged.refs, `/tag/resource as ${name}`).toEqual(refsWhere((_, index) => generated[index].type === 'Resource'));
          expect((await listedRefs('/popular', jar)).refs).toEqual(refsWhere(() => true));
          if (jar) expect(refsWhere(() => true)).toEqual(expect.arrayContaining((await listedRefs('/draft', jar)).refs));

          const typeAhead = await request(`/item?search=${word}&simplejson=true`, jar);
          const suggested = (typeAhead.json().data as SearchResult[]).map((result) => result.ref);
          expect(expectedSearch).toEqual(expect.arrayContaining(suggested));
          expect(suggested).toHaveLength(Math.min(8, expectedSearch.length));
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('search text from users', () => {
  it('never makes an invalid tsquery, whatever is typed', async () => {
    const db = ctx.database.db;
    const operatorsAndText = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('&', '|', '!', ':*', '(', ')', "'", '\\', '<->', '<2>', '"', ':', 'AND', 'or', '-', 'the', 'a')), { maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(operatorsAndText, async (parts) => {
        const text = tsQueryText(parts.join(' '));
        if (text === null) return;
        await db.select({ found: sql<number>`count(*)` }).from(items).where(sql`${items.searchVector} @@ to_tsquery('english', ${text})`);
      }),
      { numRuns: 300 },
    );
  });

  it('never answers 500 on the index or the type-ahead', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 40 }), async (search) => {
        const query = encodeURIComponent(search);
        const page = await request(`/item?search=${query}`, undefined, await inertiaHeaders(ctx.app));
        expect(page.statusCode).toBe(200);
        const typeAhead = await request(`/item?search=${query}&simplejson=true`);
        expect([200, 422]).toContain(typeAhead.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});

describe('tsQueryText', () => {
  it('quotes each word, joins with AND and makes the last a prefix', () => {
    expect(tsQueryText("Camp & songs!:* ('x')")).toBe("'camp' & 'songs' & 'x':*");
    expect(tsQueryText('  !!! ')).toBeNull();
  });

  it('keeps letters of any script', () => {
    expect(tsQueryText('Élan café')).toBe("'élan' & 'café':*");
  });

  it('reads at most 8 words', () => {
    expect(tsQueryText('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
  });
});
