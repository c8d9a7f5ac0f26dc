/** A taxonomy as CSV (issue 19 §3): access, the export, the import's preview and apply, and bad files changing nothing. */
import { describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { TAXONOMY_CSV_MAX_CHARS, TAXONOMY_CSV_MAX_ROWS, TAXONOMY_CSV_MESSAGES, type TaxonomyCsvPreview } from '../../shared/taxonomy-csv';
import { itemTags, tagLabelRedirects, tags, taxonomies } from '../../server/db/schema';
import { expectInertia } from '../../server/inertia/testing';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, nextPage, send, visit } from '../support/http';
import { REFS, itemIdOf, seedItemLibrary, signedInJars } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);
const TYPE = 'taxtype00001';

async function admin(): Promise<CookieJar> {
  return (await jarOf('admin'))!;
}

let made = 0;
/** A taxonomy of its own per test: Colours with Warm (Red, Orange) and Cool (Blue), Red on the public item. */
async function colours(options: { required?: boolean } = {}) {
  made += 1;
  const db = ctx.database.db;
  const [taxonomy] = await db
    .insert(taxonomies)
    .values({ ref: `csvtaxonomy${made}`, title: `Colours ${made}`, required: options.required ?? false, position: 10 + made })
    .returning();
  const tag = async (label: string, position: number, parentId: number | null = null, forceShowInFiltering = false) =>
    (
      await db
        .insert(tags)
        .values({
          ref: `csv${made}${label.toLowerCase().slice(0, 6).padEnd(6, 'x')}`,
          taxonomyId: taxonomy!.id,
          label,
          position,
          parentId,
          forceShowInFiltering,
        })
        .returning()
    )[0]!;
  const warm = await tag('Warm', 0);
  const cool = await tag('Cool', 1, null, true);
  const red = await tag('Red', 0, warm.id);
  const orange = await tag('Orange', 1, warm.id);
  const blue = await tag('Blue', 0, cool.id);
  await db.insert(itemTags).values({ itemId: await itemIdOf(ctx.database, REFS.public), tagId: red.id });
  return { taxonomy: taxonomy!, warm, cool, red, orange, blue };
}

async function tree(taxonomyId: number) {
  const rows = await ctx.database.db.select().from(tags).where(eq(tags.taxonomyId, taxonomyId)).orderBy(asc(tags.id));
  const labelOf = new Map(rows.map((row) => [row.id, row.label]));
  return rows.map((row) => ({
    label: row.label,
    parent: row.parentId === null ? null : labelOf.get(row.parentId),
    position: row.position,
    force: row.forceShowInFiltering,
  }));
}

const importPath = (ref: string) => `/admin/taxonomy/${ref}/import`;

async function exportCsv(ref: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: `/admin/taxonomy/${ref}/csv`, headers: { cookie: (await admin()).header() } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function preview(ref: string, csv: string, deleteMissing = false): Promise<TaxonomyCsvPreview> {
  const response = await send(ctx.app, await admin(), 'POST', importPath(ref), { csv, delete_missing: deleteMissing });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const page = response.json();
  expectInertia(page).component('admin/taxonomy/Import');
  return page.props.preview;
}

async function refusal(ref: string, body: unknown): Promise<string> {
  const jar = await admin();
  const response = await send(ctx.app, jar, 'POST', importPath(ref), body);
  expect(response.statusCode).toBe(303);
  return (await nextPage(ctx.app, jar)).errors.csv;
}

describe('access', () => {
  it('refuses the export, the import page and the import to visitors, members and staff, changing nothing', async () => {
    const { taxonomy } = await colours();
    const before = await tree(taxonomy.id);
    for (const who of ['anonymous', 'member', 'staff'] as const) {
      const jar = (await jarOf(who)) ?? (await csrfJar(ctx.app));
      expect((await ctx.app.inject({ method: 'GET', url: `/admin/taxonomy/${taxonomy.ref}/csv`, headers: { cookie: jar.header() } })).statusCode).toBe(403);
      expect((await visit(ctx.app, importPath(taxonomy.ref), jar)).response.statusCode).toBe(403);
      expect((await send(ctx.app, jar, 'POST', importPath(taxonomy.ref), { csv: 'label\nPink\n', fingerprint: 'x' })).statusCode).toBe(403);
    }
    expect(await tree(taxonomy.id)).toEqual(before);
  });

  it('answers 404 for an unknown taxonomy', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/taxonomy/nosuchtaxon/csv', headers: { cookie: (await admin()).header() } })).statusCode).toBe(
      404,
    );
    expect((await visit(ctx.app, importPath('nosuchtaxon'), await admin())).response.statusCode).toBe(404);
    expect((await send(ctx.app, await admin(), 'POST', importPath('nosuchtaxon'), { csv: 'label\nx\n' })).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('writes the tags in tree order with ref, label, parent, position and flag, as a download', async () => {
    const { taxonomy, warm, cool, red, orange, blue } = await colours();
    const response = await ctx.app.inject({ method: 'GET', url: `/admin/taxonomy/${taxonomy.ref}/csv`, headers: { cookie: (await admin()).header() } });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="colours-${made}-tags.csv"`);
    expect(response.body).toBe(
      [
        'ref,label,parent,position,force_show_in_filtering',
        `${warm.ref},Warm,,0,no`,
        `${red.ref},Red,Warm,0,no`,
        `${orange.ref},Orange,Warm,1,no`,
        `${cool.ref},Cool,,1,yes`,
        `${blue.ref},Blue,Cool,0,no`,
        '',
      ].join('\r\n'),
    );
  });

  it('guards labels a spreadsheet would run as formulas, and reads them back as written', async () => {
    const { taxonomy, blue } = await colours();
    await ctx.database.db.update(tags).set({ label: '=HYPERLINK("x")' }).where(eq(tags.id, blue.id));
    const csv = await exportCsv(taxonomy.ref);
    expect(csv).toContain(`${blue.ref},"'=HYPERLINK(""x"")",Cool,0,no`);
    const again = await preview(taxonomy.ref, csv);
    expect(again.renames).toEqual([]);
    expect(again.unchanged).toBe(5);
  });
});

describe('import', () => {
  it('previews its own export as no change, and writes nothing for a preview', async () => {
    const { taxonomy } = await colours();
    const before = await tree(taxonomy.id);
    const result = await preview(taxonomy.ref, await exportCsv(taxonomy.ref));
    expect(result).toMatchObject({ adds: [], renames: [], moves: [], reorders: [], forceShow: [], deletes: [], unchanged: 5 });
    await preview(taxonomy.ref, 'label,parent\nPink,Warm\n');
    expect(await tree(taxonomy.id)).toEqual(before);
  });

  it('adds, renames by ref, moves, re-orders and sets the flag, then applies exactly what it previewed', async () => {
    const { taxonomy, warm, cool, red, orange, blue } = await colours();
    const csv = [
      'ref,label,parent,position,force_show_in_filtering',
      `${warm.ref},Warm,,0,no`,
      `${red.ref},Scarlet,Warm,1,`,
      `${orange.ref},Orange,Warm,0,yes`,
      `${cool.ref},Cool,,1,yes`,
      `${blue.ref},Blue,Warm,,no`,
      ',Teal,Cool,,',
      ',Navy,Blue,,',
    ].join('\n');
    const result = await preview(taxonomy.ref, csv);
    expect(result).toMatchObject({
      adds: [
        { label: 'Teal', parent: 'Cool' },
        { label: 'Navy', parent: 'Blue' },
      ],
      renames: [{ from: 'Red', to: 'Scarlet' }],
      moves: [{ label: 'Blue', from: 'Cool', to: 'Warm' }],
      reorders: ['Scarlet', 'Orange'],
      forceShow: [{ label: 'Orange', value: true }],
      deletes: [],
      unchanged: 2,
      deleteMissing: false,
    });
    const jar = await admin();
    const applied = await send(ctx.app, jar, 'POST', importPath(taxonomy.ref), { csv, fingerprint: result.fingerprint });
    expect(applied.statusCode).toBe(303);
    expect(applied.headers.location).toBe(`/admin/taxonomy/${taxonomy.ref}`);
    expect((await nextPage(ctx.app, jar)).notices).toContain(
      TAXONOMY_CSV_MESSAGES.imported('2 tags added, 1 renamed, 1 moved, 2 re-ordered, 1 with a new filtering setting'),
    );
    expect(await tree(taxonomy.id)).toEqual([
      { label: 'Warm', parent: null, position: 0, force: false },
      { label: 'Cool', parent: null, position: 1, force: true },
      { label: 'Scarlet', parent: 'Warm', position: 1, force: false },
      { label: 'Orange', parent: 'Warm', position: 0, force: true },
      { label: 'Blue', parent: 'Warm', position: 2, force: false },
      { label: 'Teal', parent: 'Cool', position: 0, force: false },
      { label: 'Navy', parent: 'Blue', position: 0, force: false },
    ]);
    // The item tagged Red keeps its tag under the new label, and Red's address leads there (issue 34 §5).
    expect(await ctx.database.db.select().from(itemTags).where(eq(itemTags.tagId, red.id))).toHaveLength(1);
    // (Other tests' colour taxonomies have a real Red, which wins over the redirect: so the redirect's row is read.)
    const redirects = await ctx.database.db.select().from(tagLabelRedirects).where(eq(tagLabelRedirects.targetTagId, red.id));
    expect(redirects.map((row) => row.label)).toEqual(['red']);
  });

  it('matches rows without a ref by label, keeps the tags the file leaves out, and swaps two labels', async () => {
    const { taxonomy, red, orange } = await colours();
    const result = await preview(taxonomy.ref, `ref,label\n${red.ref},Orange\n${orange.ref},Red\n,cool\n`);
    expect(result.renames).toEqual([
      { from: 'Red', to: 'Orange' },
      { from: 'Orange', to: 'Red' },
      { from: 'Cool', to: 'cool' },
    ]);
    expect(result.deletes).toEqual([]);
    await send(ctx.app, await admin(), 'POST', importPath(taxonomy.ref), {
      csv: `ref,label\n${red.ref},Orange\n${orange.ref},Red\n,cool\n`,
      fingerprint: result.fingerprint,
    });
    const labels = (await tree(taxonomy.id)).map((tag) => tag.label);
    expect(labels).toEqual(['Warm', 'cool', 'Orange', 'Red', 'Blue']);
  });

  it('deletes the tags the file leaves out only when asked, saying how many items lose each', async () => {
    const { taxonomy, red, orange } = await colours();
    await ctx.database.db.insert(itemTags).values({ itemId: await itemIdOf(ctx.database, REFS.related), tagId: orange.id });
    const csv = 'label,parent\nWarm,\nRed,Warm\n';
    const kept = await preview(taxonomy.ref, csv);
    expect(kept.deletes).toEqual([]);
    const deleting = await preview(taxonomy.ref, csv, true);
    expect(deleting.deletes).toEqual([
      { label: 'Orange', itemCount: 1 },
      { label: 'Cool', itemCount: 0 },
      { label: 'Blue', itemCount: 0 },
    ]);
    await send(ctx.app, await admin(), 'POST', importPath(taxonomy.ref), { csv, delete_missing: true, fingerprint: deleting.fingerprint });
    expect((await tree(taxonomy.id)).map((tag) => tag.label)).toEqual(['Warm', 'Red']);
    expect(await ctx.database.db.select().from(itemTags).where(eq(itemTags.tagId, red.id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(itemTags).where(eq(itemTags.tagId, orange.id))).toEqual([]);
  });

  it('refuses deleting the last tag of items in a required taxonomy', async () => {
    const { taxonomy } = await colours({ required: true });
    const before = await tree(taxonomy.id);
    expect(await refusal(taxonomy.ref, { csv: 'label\nWarm\n', delete_missing: true })).toBe(TAXONOMY_CSV_MESSAGES.leavesUntagged(1, taxonomy.title));
    expect(await tree(taxonomy.id)).toEqual(before);
  });

  it('refuses to apply when the taxonomy changed since the preview, or with a made-up fingerprint', async () => {
    const { taxonomy, blue } = await colours();
    const csv = 'label\nPink\n';
    const result = await preview(taxonomy.ref, csv);
    await ctx.database.db.update(tags).set({ label: 'Sky' }).where(eq(tags.id, blue.id));
    const before = await tree(taxonomy.id);
    expect(await refusal(taxonomy.ref, { csv, fingerprint: result.fingerprint })).toBe(TAXONOMY_CSV_MESSAGES.changedSincePreview);
    expect(await refusal(taxonomy.ref, { csv, fingerprint: 'made-up' })).toBe(TAXONOMY_CSV_MESSAGES.changedSincePreview);
    expect(await tree(taxonomy.id)).toEqual(before);
  });

  it('answers a bad file with a clear error under the file and changes nothing', async () => {
    const { taxonomy, warm } = await colours();
    const before = {
      tree: await tree(taxonomy.id),
      type: await ctx.database.db
        .select()
        .from(tags)
        .where(inArray(tags.taxonomyId, [1, 2, 3])),
    };
    const tooMany = `label\n${Array.from({ length: TAXONOMY_CSV_MAX_ROWS + 1 }, (_, index) => `Tag ${index}`).join('\n')}\n`;
    const cases: [unknown, string | RegExp][] = [
      [{}, TAXONOMY_CSV_MESSAGES.fileRequired],
      [{ csv: '' }, TAXONOMY_CSV_MESSAGES.fileRequired],
      [{ csv: 'x'.repeat(TAXONOMY_CSV_MAX_CHARS + 1) }, TAXONOMY_CSV_MESSAGES.tooLarge],
      [{ csv: tooMany }, TAXONOMY_CSV_MESSAGES.tooManyRows],
      [{ csv: 'label\n"Pink\n' }, /^The file is not readable CSV: Quote Not Closed/],
      [{ csv: 'label,parent\nPink\n' }, /^The file is not readable CSV: Invalid Record Length/],
      [{ csv: 'name\nPink\n' }, TAXONOMY_CSV_MESSAGES.unknownColumn('name')],
      [{ csv: 'ref\nabc\n' }, TAXONOMY_CSV_MESSAGES.noLabelColumn],
      [{ csv: 'label,Label\nA,B\n' }, TAXONOMY_CSV_MESSAGES.repeatedColumn('Label')],
      [{ csv: 'label,position\n,1\nPink,x\n' }, `${TAXONOMY_CSV_MESSAGES.labelRequired(2)}\n${TAXONOMY_CSV_MESSAGES.positionInvalid(3)}`],
      [{ csv: `label\n${'x'.repeat(121)}\n` }, TAXONOMY_CSV_MESSAGES.labelTooLong(2, 120)],
      [{ csv: 'label,force_show_in_filtering\nPink,maybe\n' }, TAXONOMY_CSV_MESSAGES.flagInvalid(2)],
      [{ csv: 'ref,label\ntagresource1,Pink\n' }, TAXONOMY_CSV_MESSAGES.refUnknown(2, 'tagresource1')],
      [{ csv: `ref,label\n${warm.ref},Pink\n${warm.ref},Rose\n` }, TAXONOMY_CSV_MESSAGES.refRepeated(3, warm.ref)],
      [{ csv: 'label\nPink\npink\n' }, TAXONOMY_CSV_MESSAGES.labelRepeated(3, 'pink')],
      [{ csv: `ref,label\n${warm.ref},Cool\n` }, TAXONOMY_CSV_MESSAGES.labelTaken(2, 'Cool')],
      [{ csv: 'label,parent\nPink,Nowhere\n' }, TAXONOMY_CSV_MESSAGES.parentUnknown(2, 'Nowhere')],
      [{ csv: 'label,parent\nWarm,Red\n' }, TAXONOMY_CSV_MESSAGES.parentCycle(2, 'Warm')],
    ];
    for (const [body, expected] of cases) {
      const message = await refusal(taxonomy.ref, body);
      if (typeof expected === 'string') expect(message, JSON.stringify(body).slice(0, 80)).toBe(expected);
      else expect(message, JSON.stringify(body).slice(0, 80)).toMatch(expected);
    }
    expect({
      tree: await tree(taxonomy.id),
      type: await ctx.database.db
        .select()
        .from(tags)
        .where(inArray(tags.taxonomyId, [1, 2, 3])),
    }).toEqual(before);
  });

  it('lists at most ten row errors and says how many more there are', async () => {
    const { taxonomy } = await colours();
    const message = await refusal(taxonomy.ref, { csv: `label,parent\n${Array.from({ length: 12 }, (_, index) => `Tag ${index},Nowhere`).join('\n')}\n` });
    expect(message.split('\n')).toHaveLength(11);
    expect(message.split('\n')[10]).toBe(TAXONOMY_CSV_MESSAGES.moreErrors(2));
  });

  it('shows the import form to an admin', async () => {
    const { taxonomy } = await colours();
    const { page } = await visit(ctx.app, importPath(taxonomy.ref), await admin());
    expectInertia(page).component('admin/taxonomy/Import').prop('preview', null).prop('maxChars', TAXONOMY_CSV_MAX_CHARS);
    expect(page.props.breadcrumbs.at(-2)).toEqual({ label: taxonomy.title, href: `/admin/taxonomy/${taxonomy.ref}` });
  });

  it('leaves other taxonomies alone', async () => {
    const [type] = await ctx.database.db.select().from(taxonomies).where(eq(taxonomies.ref, TYPE));
    const before = await tree(type!.id);
    const { taxonomy } = await colours();
    const result = await preview(taxonomy.ref, 'label\nResource\n');
    expect(result.adds).toEqual([{ label: 'Resource', parent: '' }]);
    await send(ctx.app, await admin(), 'POST', importPath(taxonomy.ref), { csv: 'label\nResource\n', fingerprint: result.fingerprint });
    expect(await tree(type!.id)).toEqual(before);
  });
});
