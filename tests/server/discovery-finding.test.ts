import { beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_LIMIT } from '../../shared/constants';
import type { IndexSuggestions, ItemSummary, Taxonomy } from '../../shared/items';
import { useTestApp, type CookieJar } from '../support/app';
import { signInAs, visit } from '../support/http';
import { seedDiscoveryFixture, tagRefs, userIdOf } from './discovery-fixture';
import { eq, sql, type SQL } from 'drizzle-orm';
import { matchesSearch, matchesSearchInTitles, textSearch, withCompletedLastWord } from '../../server/items';
import { VISIBILITY } from '../../shared/enums';
import { items, itemTags, shares, tags, taxonomies } from '../../server/db/schema';

/** Issue 15 §3 "Finding things": tag filters (OR within a taxonomy, AND across), tag counts, forgiving search, suggestions. */
const ctx = useTestApp({ seed: seedDiscoveryFixture });
let refs: Record<string, string>;
const jars: Record<string, CookieJar> = {};
const VIEWERS = [undefined, 'member', 'affiliate', 'staff', 'admin'] as const;

beforeAll(async () => {
  refs = await tagRefs(ctx.database);
  for (const who of VIEWERS) if (who) jars[who] = await signInAs(ctx.app, `${who}@example.org`);
});

interface IndexPage {
  props: {
    items: { data: ItemSummary[] };
    matchCount: number | null;
    filterTaxonomies: Taxonomy[];
    tagCounts: Record<string, number>;
    suggestions: IndexSuggestions | null;
  };
}

async function indexPage(url: string, who?: string): Promise<IndexPage> {
  const { response, page } = await visit(ctx.app, url, who ? jars[who] : undefined);
  expect(response.statusCode, `${url} as ${who ?? 'anonymous'}`).toBe(200);
  return page;
}

const titlesOf = (page: IndexPage) => page.props.items.data.map((item) => item.title);
const tagsParam = (...labels: string[]) => labels.map((label) => refs[label]).join('-');
const countOf = (page: IndexPage, label: string) => page.props.tagCounts[refs[label]];

describe('tag filters', () => {
  it('gives the union of tags of one taxonomy, intersected with the tags of another', async () => {
    const page = await indexPage(`/item?tags=${tagsParam('Youth', 'Children', 'Bible')}`, 'staff');
    expect(titlesOf(page)).toEqual(['Camping Safety Training', 'Primary Assembly Plans']);
    expect(page.props.matchCount).toBe(2);
  });

  it('lists nothing, suggests nothing and counts 0 for a tag with no item the viewer may list, and lists it for who may', async () => {
    // Training: Camping Safety Training (level 1) and Staff Handbook (level 4), no public item.
    const visitor = await indexPage(`/item?tags=${tagsParam('Training')}`);
    expect(visitor.props.matchCount).toBe(0);
    expect(titlesOf(visitor)).toEqual([]);
    expect(visitor.props.suggestions).toBeNull();
    expect(countOf(visitor, 'Youth')).toBe(0);
    const member = await indexPage(`/item?tags=${tagsParam('Training')}`, 'member');
    expect(titlesOf(member)).toEqual(['Camping Safety Training']);
    expect(countOf(member, 'Youth')).toBe(1);
  });

  it('keeps old single-tag links and /tag/{label} working', async () => {
    expect(titlesOf(await indexPage(`/item?tags=${tagsParam('Bible')}`))).toEqual(['Primary Assembly Plans']);
    expect(titlesOf(await indexPage(`/tag/youth?tags=${tagsParam('Children')}`))).toEqual(['Camp Songbook', 'Primary Assembly Plans']);
  });
});

describe('tag counts', () => {
  it('count, for every offered tag and viewer, exactly the items that tag alone lists for that viewer', async () => {
    for (const who of VIEWERS) {
      const page = await indexPage('/item', who);
      const offered = page.props.filterTaxonomies.flatMap((taxonomy) => taxonomy.tags);
      expect(Object.keys(page.props.tagCounts).sort()).toEqual(offered.map((tag) => tag.ref).sort());
      for (const tag of offered) {
        const filtered = await indexPage(`/item?tags=${tag.ref}`, who);
        expect(page.props.tagCounts[tag.ref], `${tag.fullLabel} as ${who ?? 'anonymous'}`).toBe(filtered.props.matchCount);
      }
    }
  });

  it('never count an item the viewer may not open (hidden, draft, expired, unlisted, higher level)', async () => {
    // Resource is on 10 items; an anonymous visitor may open 3 of them.
    expect(countOf(await indexPage('/item'), 'Resource')).toBe(3);
    // Children covers Primary (level 0) and Children Prayer Cards (level 2).
    expect(countOf(await indexPage('/item'), 'Children')).toBe(1);
    expect(countOf(await indexPage('/item', 'affiliate'), 'Children')).toBe(2);
    // Training: Camping Safety Training (level 1) and Staff Handbook (level 4).
    expect(countOf(await indexPage('/item', 'member'), 'Training')).toBe(1);
    expect(countOf(await indexPage('/item', 'staff'), 'Training')).toBe(2);
  });

  it('count within the other filters and the search; a taxonomy’s own selection is left out of its counts', async () => {
    const page = await indexPage(`/item?tags=${tagsParam('Youth')}`, 'staff');
    expect(countOf(page, 'Resource')).toBe(1);
    expect(countOf(page, 'Training')).toBe(1);
    expect(countOf(page, 'Bible')).toBe(1);
    // Age Group is the selected taxonomy: its tags count as if it had no selection (they would add to the union).
    expect(countOf(page, 'Children')).toBe(2);
    expect(countOf(page, 'Youth')).toBe(2);
    const searched = await indexPage(`/item?search=camp&tags=${tagsParam('Youth')}`, 'staff');
    expect(countOf(searched, 'Resource')).toBe(1);
    expect(countOf(searched, 'Bible')).toBe(1);
    expect(countOf(searched, 'Children')).toBe(0);
  });

  it('count an empty result: 0 within every filter, and what another tag of a selected taxonomy would give', async () => {
    // No item found by 'camp' carries Prayer; Camping Safety Training (level 1) carries Bible, Youth and Training.
    const empty = await indexPage(`/item?search=camp&tags=${tagsParam('Prayer')}`, 'staff');
    expect(empty.props.matchCount).toBe(0);
    expect(countOf(empty, 'Bible')).toBe(1);
    expect(countOf(empty, 'Prayer')).toBe(0);
    expect(countOf(empty, 'Youth')).toBe(0);
    expect(countOf(empty, 'Training')).toBe(0);
  });
});

describe('forgiving search', () => {
  it('finds a title typed with a slip', async () => {
    expect(titlesOf(await indexPage('/item?search=songbok'))).toEqual(['Camp Songbook']);
    expect(titlesOf(await indexPage('/item?search=staff%20handbok', 'staff'))).toEqual(['Staff Handbook']);
  });

  it('never finds, by a close title, an item the viewer may not open', async () => {
    expect(titlesOf(await indexPage('/item?search=staff%20handbok', 'member'))).toEqual([]);
  });

  it('finds items by the label of a tag they carry, of a taxonomy the viewer may see only', async () => {
    // 'Bible' is in no title or blurb: both items carry the tag.
    expect(titlesOf(await indexPage('/item?search=bible'))).toEqual(['Primary Assembly Plans']);
    // The most viewed first.
    expect(titlesOf(await indexPage('/item?search=bibble', 'staff'))).toEqual(['Primary Assembly Plans', 'Camping Safety Training']);
    // Staff Pick is a tag of a non-public taxonomy (admins only).
    expect(titlesOf(await indexPage('/item?search=staff%20pick', 'staff'))).not.toContain('International Partners');
    expect(titlesOf(await indexPage('/item?search=staff%20pick', 'admin'))).toContain('International Partners');
  });
});

describe('a cut-short last word, completed to the words of the library', () => {
  const matchIds = async (condition: SQL) =>
    (await ctx.database.db.select({ id: items.id }).from(items).where(condition).orderBy(items.id)).map((row) => row.id);

  it('matches what its prefix matches, in titles, anywhere and next to the word before', async () => {
    for (const typed of ['cam', 'camp', 'assem', 'prayer c', 'camp songb', 'songbook', 'zzq', 'the']) {
      const search = textSearch(typed)!;
      const completed = await withCompletedLastWord(ctx.database.db, search);
      expect(await matchIds(matchesSearch(completed)), typed).toEqual(await matchIds(sql`${items.searchVector} @@ ${search.query}`));
      expect(await matchIds(matchesSearchInTitles(completed)), typed).toEqual(await matchIds(matchesSearchInTitles(search)));
      if (search.phrase)
        expect(await matchIds(completed.phrase ? sql`${items.searchVector} @@ ${completed.phrase}` : sql`false`), typed).toEqual(
          await matchIds(sql`${items.searchVector} @@ ${search.phrase}`),
        );
    }
    // 'cam' completes ('camp', 'campfir'…); a stop word is left as it was; a prefix no word begins matches nothing
    // without reading the index.
    const cam = textSearch('cam')!;
    expect(await withCompletedLastWord(ctx.database.db, cam)).not.toBe(cam);
    const stopWord = textSearch('the')!;
    expect(await withCompletedLastWord(ctx.database.db, stopWord)).toBe(stopWord);
    for (const typed of ['zzq', 'camp zzq']) expect((await withCompletedLastWord(ctx.database.db, textSearch(typed)!)).lastWordUnknown, typed).toBe(true);
    expect((await withCompletedLastWord(ctx.database.db, textSearch('camp the')!)).lastWordUnknown).toBeUndefined();
  });

  it('still finds close titles when the last word begins no word of the library', async () => {
    expect((await withCompletedLastWord(ctx.database.db, textSearch('songbok')!)).lastWordUnknown).toBe(true);
    expect(titlesOf(await indexPage('/item?search=songbok'))).toEqual(['Camp Songbook']);
    expect(titlesOf(await indexPage('/item?search=camp%20songbok'))).toEqual(['Camp Songbook']);
  });

  it('completes to a word an edit or a new item brought in, and the index finds it', async () => {
    const [added] = await ctx.database.db
      .insert(items)
      .values({ ref: 'zephyrtest01', code: 'ZEPHYR-1', title: 'Zephyrine Kites', visibility: VISIBILITY.DISCOVERABLE })
      .returning({ id: items.id });
    try {
      const completes = async (typed: string) => {
        const search = textSearch(typed)!;
        const completed = await withCompletedLastWord(ctx.database.db, search);
        return completed !== search && !completed.lastWordUnknown;
      };
      expect(await completes('zeph')).toBe(true);
      expect(titlesOf(await indexPage('/item?search=zeph', 'admin'))).toEqual(['Zephyrine Kites']);
      expect(await completes('quixot')).toBe(false);
      await ctx.database.db.update(items).set({ blurb: "Quixotically built; see the kite-maker's notes." }).where(eq(items.id, added!.id));
      expect(await completes('quixot')).toBe(true);
      expect(titlesOf(await indexPage('/item?search=quixot', 'admin'))).toEqual(['Zephyrine Kites']);
      expect(titlesOf(await indexPage('/item?search=kite%20mak', 'admin'))).toEqual(['Zephyrine Kites']);
      // A link's words keep its quote ('zqkites.org/how'to'): a completion is quoted as tsquery input expects.
      await ctx.database.db.update(items).set({ blurb: "Plans at https://zqkites.org/how'to" }).where(eq(items.id, added!.id));
      expect(await completes('zqkites')).toBe(true);
      expect(titlesOf(await indexPage('/item?search=zqkites', 'admin'))).toEqual(['Zephyrine Kites']);
    } finally {
      await ctx.database.db.delete(items).where(eq(items.id, added!.id));
    }
  });
});

describe('suggestions on an empty result', () => {
  it('offer the titles closest to the search, within the filters', async () => {
    const page = await indexPage('/item?search=zebra%20songs');
    expect(page.props.matchCount).toBe(0);
    expect(page.props.suggestions).toEqual({ kind: 'closest', items: [expect.objectContaining({ title: 'Camp Songbook' })] });
  });

  it('offer the most viewed items in the chosen filters when no title comes close', async () => {
    const page = await indexPage(`/item?search=qqq&tags=${tagsParam('Equipment')}`);
    expect(page.props.matchCount).toBe(0);
    expect(page.props.suggestions?.kind).toBe('popular');
    // None of them viewed: the newest first (the order of /popular).
    expect(page.props.suggestions?.items.map((item) => item.title)).toEqual(
      ['Equipment Kit 30', 'Equipment Kit 29', 'Equipment Kit 28', 'Equipment Kit 27'].slice(0, SUGGESTION_LIMIT),
    );
  });

  it('never suggest an item the viewer may not open', async () => {
    // Staff Handbook (level 4) is the most viewed item and the closest title.
    const staff = await indexPage('/item?search=handbok%20zebra', 'staff');
    expect(staff.props.suggestions?.items.map((item) => item.title)).toEqual(['Staff Handbook']);
    const anonymous = await indexPage('/item?search=handbok%20zebra');
    expect(anonymous.props.suggestions?.kind).toBe('popular');
    expect(anonymous.props.suggestions?.items.map((item) => item.title)).toEqual([
      'Primary Assembly Plans',
      'Camp Songbook',
      'Equipment Kit 30',
      'Equipment Kit 29',
    ]);
  });

  it('are absent when something matched, and when the filters alone hold nothing', async () => {
    expect((await indexPage('/item?search=songbook')).props.suggestions).toBeNull();
    expect((await indexPage('/item')).props.suggestions).toBeNull();
    const nothing = await indexPage(`/item?tags=${tagsParam('All Ages', 'Bible')}`);
    expect(nothing.props.matchCount).toBe(0);
    expect(nothing.props.suggestions).toBeNull();
  });
});

describe('a tag carried only by what the viewer reaches outside their level', () => {
  it('still lists, under that tag, their own draft and an item shared with them above their level', async () => {
    const db = ctx.database.db;
    const [theme] = await db.select({ id: taxonomies.id }).from(taxonomies).where(eq(taxonomies.title, 'Theme'));
    const [ownTag, sharedTag] = await db
      .insert(tags)
      .values([
        { taxonomyId: theme!.id, label: 'Only Drafts', position: 90 },
        { taxonomyId: theme!.id, label: 'Only Shared', position: 91 },
      ])
      .returning({ id: tags.id, ref: tags.ref });
    const member = await userIdOf(ctx.database, 'member@example.org');
    const [draft, shared] = await db
      .insert(items)
      .values([
        { code: 'EQ-TIU-1', title: 'Own Draft Under A Tag', visibility: VISIBILITY.DRAFT, createdByUserId: member },
        { code: 'EQ-TIU-2', title: 'Shared Staff Item Under A Tag', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
      ])
      .returning({ id: items.id });
    await db.insert(itemTags).values([
      { itemId: draft!.id, tagId: ownTag!.id },
      { itemId: shared!.id, tagId: sharedTag!.id },
    ]);
    await db.insert(shares).values({ sharedType: 'item', itemId: shared!.id, toEmail: 'member@example.org', level: 4 });

    expect(titlesOf(await indexPage(`/draft?tags=${ownTag!.ref}`, 'member'))).toEqual(['Own Draft Under A Tag']);
    expect(titlesOf(await indexPage(`/item?tags=${sharedTag!.ref}`, 'member'))).toEqual(['Shared Staff Item Under A Tag']);
    // Nobody else reaches either: the filter lets nothing through for them.
    expect(titlesOf(await indexPage(`/item?tags=${sharedTag!.ref}`, 'affiliate'))).toEqual([]);
  });
});
