import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import { useSessionTestApp } from '../support/sessions';
import { and, eq } from 'drizzle-orm';
import { changeHistory, tags, taxonomies } from '../../server/db/schema';
import {
  ADMIN,
  MAINTAINER,
  OTHER_MEMBER,
  createItem,
  itemRow,
  itemTagLabels,
  nextPage,
  seedEditingLibrary,
  send,
  tag,
  taxonomyRef,
} from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

/** How many tag links of the item the history records as added or taken off. */
async function tagLinkChanges(itemId: number): Promise<number> {
  return db().$count(changeHistory, and(eq(changeHistory.itemId, itemId), eq(changeHistory.kind, 'item_tag')));
}

async function tagRequest(email: string | null, method: 'POST' | 'DELETE', itemRef: string, label: string) {
  const jar = await as(email);
  const response = await send(context.app, jar, method, `/i/${itemRef}/tag/${(await tag(db(), label)).ref}`);
  return { response, jar };
}

async function taxonomyRequest(email: string | null, method: 'POST' | 'DELETE', itemRef: string, taxonomy: string, tagLabels?: string[]) {
  const jar = await as(email);
  const body = tagLabels ? { tags: await Promise.all(tagLabels.map(async (label) => (await tag(db(), label)).ref)) } : undefined;
  const response = await send(context.app, jar, method, `/i/${itemRef}/taxonomy/${await taxonomyRef(db(), taxonomy)}`, body);
  return { response, jar };
}

describe('quick tagging: POST and DELETE /i/{ref}/tag/{tagRef}', () => {
  it('adds a tag of a multiselect taxonomy alongside the others', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource', 'Games'] });
    const { response, jar } = await tagRequest(MAINTAINER, 'POST', item.ref, 'Prayer');

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${item.ref}`);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Games', 'Prayer', 'Resource']);
    expect((await nextPage(context.app, jar)).notices).toEqual(['Tag added']);
    expect((await itemRow(db(), item.id))!.updatedAt.getTime()).toBeGreaterThan(item.updatedAt.getTime());
  });

  it('replaces the other tag of a non-multiselect taxonomy, and says so', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource', 'Kids'] });
    const training = await tagRequest(MAINTAINER, 'POST', item.ref, 'Training');
    expect((await nextPage(context.app, training.jar)).notices).toEqual(['Replaced Resource with Training']);
    const youth = await tagRequest(MAINTAINER, 'POST', item.ref, 'Youth');
    expect((await nextPage(context.app, youth.jar)).notices).toEqual(['Replaced Kids with Youth']);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Training', 'Youth']);
  });

  it('adding a tag the item already has changes nothing, in a one-tag taxonomy too', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource', 'Games'] });
    const before = await tagLinkChanges(item.id);
    expect((await tagRequest(MAINTAINER, 'POST', item.ref, 'Games')).response.statusCode).toBe(303);
    const again = await tagRequest(MAINTAINER, 'POST', item.ref, 'Resource');
    expect((await nextPage(context.app, again.jar)).notices).toEqual(['Tag added']);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Games', 'Resource']);
    // No tag link was taken off and put back (only the item's own "updated" time is written).
    expect(await tagLinkChanges(item.id)).toBe(before);
  });

  it('removes a tag', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource', 'Games', 'Prayer'] });
    const { response, jar } = await tagRequest(MAINTAINER, 'DELETE', item.ref, 'Games');
    expect(response.statusCode).toBe(303);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Prayer', 'Resource']);
    expect((await nextPage(context.app, jar)).notices).toEqual(['Tag removed']);
  });

  it('refuses to remove the last tag of a required taxonomy, with the error under the taxonomy', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource'] });
    const { response, jar } = await tagRequest(ADMIN, 'DELETE', item.ref, 'Resource');

    expect(response.statusCode).toBe(303);
    expect((await nextPage(context.app, jar)).errors).toEqual({ [`taxonomy-${await taxonomyRef(db(), 'Type')}`]: 'Type needs at least one tag.' });
    expect(await itemTagLabels(db(), item.id)).toEqual(['Resource']);
  });

  it('refuses anonymous visitors and non-maintainers, and answers 404 for unknown items and tags', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE, tagLabels: ['Resource', 'Games'] });
    for (const email of [null, OTHER_MEMBER]) {
      expect((await tagRequest(email, 'POST', item.ref, 'Prayer')).response.statusCode).toBe(403);
      expect((await tagRequest(email, 'DELETE', item.ref, 'Games')).response.statusCode).toBe(403);
    }
    const jar = await as(ADMIN);
    expect((await send(context.app, jar, 'POST', `/i/${item.ref}/tag/nosuchtag123`)).statusCode).toBe(404);
    expect((await send(context.app, jar, 'POST', `/i/nosuchitem12/tag/${(await tag(db(), 'Games')).ref}`)).statusCode).toBe(404);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Games', 'Resource']);
  });
});

describe('tags by taxonomy: POST and DELETE /i/{ref}/taxonomy/{taxonomyRef}', () => {
  it('makes the given tags the item’s exact tags in that taxonomy, leaving other taxonomies alone', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource', 'Games', 'Kids'] });
    const { response, jar } = await taxonomyRequest(MAINTAINER, 'POST', item.ref, 'Topic', ['Prayer', 'Bible']);

    expect(response.statusCode).toBe(303);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Bible', 'Kids', 'Prayer', 'Resource']);
    expect((await nextPage(context.app, jar)).notices).toEqual(['Tags saved']);
  });

  it('refuses two tags for a non-multiselect taxonomy', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource', 'Kids'] });
    const { jar } = await taxonomyRequest(MAINTAINER, 'POST', item.ref, 'Age', ['Kids', 'Youth']);
    expect((await nextPage(context.app, jar)).errors).toEqual({ [`taxonomy-${await taxonomyRef(db(), 'Age')}`]: 'Age takes only one tag.' });
    expect(await itemTagLabels(db(), item.id)).toEqual(['Kids', 'Resource']);
  });

  it('refuses tags of another taxonomy', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource'] });
    const { jar } = await taxonomyRequest(MAINTAINER, 'POST', item.ref, 'Topic', ['Games', 'Kids']);
    expect((await nextPage(context.app, jar)).errors).toEqual({ [`taxonomy-${await taxonomyRef(db(), 'Topic')}`]: 'Choose tags of this taxonomy.' });
    expect(await itemTagLabels(db(), item.id)).toEqual(['Resource']);
  });

  it('refuses an empty selection for a required taxonomy, and clearing it', async () => {
    const item = await createItem(db(), { tagLabels: ['Training'] });
    const field = `taxonomy-${await taxonomyRef(db(), 'Type')}`;
    const saved = await taxonomyRequest(MAINTAINER, 'POST', item.ref, 'Type', []);
    expect((await nextPage(context.app, saved.jar)).errors).toEqual({ [field]: 'Type needs at least one tag.' });
    const cleared = await taxonomyRequest(MAINTAINER, 'DELETE', item.ref, 'Type');
    expect(cleared.response.statusCode).toBe(303);
    expect((await nextPage(context.app, cleared.jar)).errors).toEqual({ [field]: 'Type needs at least one tag.' });
    expect(await itemTagLabels(db(), item.id)).toEqual(['Training']);
  });

  it('clears an optional taxonomy', async () => {
    const item = await createItem(db(), { tagLabels: ['Resource', 'Games', 'Prayer'] });
    expect((await taxonomyRequest(MAINTAINER, 'DELETE', item.ref, 'Topic')).response.statusCode).toBe(303);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Resource']);
  });

  it('answers 400 for a body without a list of tags, 403 to non-editors and 404 for an unknown taxonomy', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE, tagLabels: ['Resource'] });
    const jar = await as(MAINTAINER);
    expect((await send(context.app, jar, 'POST', `/i/${item.ref}/taxonomy/${await taxonomyRef(db(), 'Topic')}`, { tags: 'Games' })).statusCode).toBe(400);
    expect((await send(context.app, jar, 'DELETE', `/i/${item.ref}/taxonomy/nosuchtaxon1`)).statusCode).toBe(404);
    expect((await taxonomyRequest(OTHER_MEMBER, 'POST', item.ref, 'Topic', ['Games'])).response.statusCode).toBe(403);
    expect((await taxonomyRequest(null, 'DELETE', item.ref, 'Topic')).response.statusCode).toBe(403);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Resource']);
  });
});

describe("a non-public taxonomy's tags (admins only)", () => {
  async function hiddenTaxonomy(title: string, label: string) {
    const [taxonomy] = await db().insert(taxonomies).values({ title, public: false, multiselect: true }).returning();
    await db().insert(tags).values({ taxonomyId: taxonomy!.id, label });
    return taxonomy!;
  }

  it('are not found for a maintainer who knows the refs, on the tag and the taxonomy routes, and nothing changes', async () => {
    await hiddenTaxonomy('Curation notes', 'Staff Pick');
    const item = await createItem(db(), { tagLabels: ['Resource'] });
    const added = await tagRequest(MAINTAINER, 'POST', item.ref, 'Staff Pick');
    expect(added.response.statusCode).toBe(404);
    const set = await taxonomyRequest(MAINTAINER, 'POST', item.ref, 'Curation notes', ['Staff Pick']);
    expect(set.response.statusCode).toBe(404);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Resource']);

    // An admin may: and then the maintainer may not take it off either.
    expect((await tagRequest(ADMIN, 'POST', item.ref, 'Staff Pick')).response.statusCode).toBe(303);
    expect((await tagRequest(MAINTAINER, 'DELETE', item.ref, 'Staff Pick')).response.statusCode).toBe(404);
    expect((await taxonomyRequest(MAINTAINER, 'DELETE', item.ref, 'Curation notes')).response.statusCode).toBe(404);
    expect((await itemTagLabels(db(), item.id)).sort()).toEqual(['Resource', 'Staff Pick']);
  });
});
