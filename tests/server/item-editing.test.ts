import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import { SIGN_IN_HINT } from '../../shared/messages';
import { useSessionTestApp } from '../support/sessions';
import {
  ADMIN,
  MAINTAINER,
  OTHER_MEMBER,
  characteristic,
  characteristicValues,
  createItem,
  itemRow,
  nextPage,
  seedEditingLibrary,
  send,
  userId,
  userRef,
} from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

async function patchAs(email: string | null, ref: string, body: unknown) {
  const jar = await as(email);
  const response = await send(context.app, jar, 'PATCH', `/i/${ref}`, body);
  return { response, jar };
}

describe('PATCH /i/{ref} access', () => {
  it('refuses anonymous visitors and members who do not maintain the item, changing nothing', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE });
    for (const email of [null, OTHER_MEMBER]) {
      const { response } = await patchAs(email, item.ref, { title: 'Taken over' });
      expect(response.statusCode).toBe(403);
    }
    expect((await itemRow(db(), item.id))?.title).toBe(item.title);
  });

  it('answers 404 for an unknown item', async () => {
    const { response } = await patchAs(ADMIN, 'unknownref42', { title: 'Anything' });
    expect(response.statusCode).toBe(404);
  });

  it('tells anonymous visitors to sign in on every editing route, whatever the path names and the body holds', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE });
    const jar = await as(null);
    const calls: [method: 'PATCH' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['PATCH', `/i/${item.ref}`, { title: 'Taken over' }],
      ['PATCH', '/i/unknownref42', { title: 'Anything' }],
      ['DELETE', '/i/unknownref42'],
      ['POST', `/i/${item.ref}/tag/nosuchtag123`],
      ['DELETE', `/i/${item.ref}/characteristic/nosuchthing1`],
      ['POST', `/i/${item.ref}/taxonomy/nosuchtaxon1`, { tags: 'not a list' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await send(context.app, jar, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().props.detail, `${method} ${url}`).toBe(SIGN_IN_HINT);
    }
    expect(await itemRow(db(), item.id)).toEqual(item);
  });

  it('lets the maintainer save a field: 303 back to the item, a Saved notice, updated_at moved on', async () => {
    const item = await createItem(db());
    const { response, jar } = await patchAs(MAINTAINER, item.ref, { title: '  Better title  ' });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${item.ref}`);
    const row = await itemRow(db(), item.id);
    expect(row?.title).toBe('Better title');
    expect(row!.updatedAt.getTime()).toBeGreaterThan(item.updatedAt.getTime());
    expect((await nextPage(context.app, jar)).notices).toEqual(['Saved']);
  });

  it('lets an admin edit an item someone else maintains', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE });
    const { response } = await patchAs(ADMIN, item.ref, { blurb: 'Curated blurb' });
    expect(response.statusCode).toBe(303);
    expect((await itemRow(db(), item.id))?.blurb).toBe('Curated blurb');
  });

  it('answers 400 for a body without exactly one known field', async () => {
    const item = await createItem(db());
    for (const body of [{}, { title: 'A', topic: 'B' }, { code: 'EQ-99999' }, { id: 5 }]) {
      expect((await patchAs(MAINTAINER, item.ref, body)).response.statusCode).toBe(400);
    }
    expect((await itemRow(db(), item.id))?.code).toBe(item.code);
  });
});

describe('PATCH /i/{ref} field validation', () => {
  const invalid: [field: string, value: unknown, message: string][] = [
    ['title', '   ', 'The title is required.'],
    ['title', 'x'.repeat(256), 'This may be at most 255 characters.'],
    ['title', 42, 'Enter text.'],
    ['topic', 'x'.repeat(256), 'This may be at most 255 characters.'],
    ['authors', 'Just one string', 'Enter one author per line.'],
    ['authors', Array.from({ length: 51 }, (_, i) => `Author ${i}`), 'Enter at most 50 authors.'],
    ['available_external_link', 'javascript:alert(1)', 'Enter a web address starting with http:// or https://.'],
    ['available_external_link', 'ftp://example.org/file', 'Enter a web address starting with http:// or https://.'],
    ['initial_publication_year_month', '2024-13', 'Enter a year and month as YYYY-MM.'],
    ['last_updated_year_month', 'March 2024', 'Enter a year and month as YYYY-MM.'],
    ['show_created_by', 'maybe', 'Choose yes or no.'],
    ['minimum_access_level', 7, 'Choose an access level from 0 to 6.'],
    ['minimum_access_level', '2.5', 'Choose an access level from 0 to 6.'],
    ['visibility', 35, 'Choose one of the visibility states.'],
  ];

  it.each(invalid)('refuses %s = %j with an error under the field and changes nothing', async (field, value, message) => {
    const item = await createItem(db());
    const { response, jar } = await patchAs(ADMIN, item.ref, { [field]: value });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${item.ref}`);
    expect((await nextPage(context.app, jar)).errors).toEqual({ [field]: message });
    expect(await itemRow(db(), item.id)).toEqual(item);
  });

  it('keeps authors as a list without blank entries', async () => {
    const item = await createItem(db());
    await patchAs(MAINTAINER, item.ref, { authors: ['Ann Lee', '  ', ' Bo Chen '] });
    expect((await itemRow(db(), item.id))?.authors).toEqual(['Ann Lee', 'Bo Chen']);
  });

  it('clears optional fields with an empty value and stores valid ones', async () => {
    const item = await createItem(db());
    await patchAs(MAINTAINER, item.ref, { available_external_link: 'https://example.org/a' });
    await patchAs(MAINTAINER, item.ref, { initial_publication_year_month: '2023-09' });
    expect(await itemRow(db(), item.id)).toMatchObject({ availableExternalLink: 'https://example.org/a', initialPublicationYearMonth: '2023-09' });

    await patchAs(MAINTAINER, item.ref, { available_external_link: '' });
    expect((await itemRow(db(), item.id))?.availableExternalLink).toBeNull();
  });
});

describe('curation fields (admins only)', () => {
  it.each([
    ['expires_at', '2030-01-31'],
    ['expires_note', 'Replaced by the 2030 edition'],
    ['review_after', '2029-06-01'],
    ['review', 'Check the links'],
    ['show_as_user_contributed', true],
  ])('refuses %s to the maintainer and saves it for an admin', async (field, value) => {
    const item = await createItem(db());
    expect((await patchAs(MAINTAINER, item.ref, { [field]: value })).response.statusCode).toBe(403);
    expect(await itemRow(db(), item.id)).toMatchObject({ expiresAt: null, expiresNote: null, reviewAfter: null, review: null, showAsUserContributed: false });

    expect((await patchAs(ADMIN, item.ref, { [field]: value })).response.statusCode).toBe(303);
    const row = await itemRow(db(), item.id);
    expect([row?.expiresAt?.toISOString().slice(0, 10), row?.expiresNote, row?.reviewAfter, row?.review, row?.showAsUserContributed]).toContain(value);
  });

  it('refuses an impossible date', async () => {
    const item = await createItem(db());
    const { jar } = await patchAs(ADMIN, item.ref, { review_after: '2029-02-30' });
    expect((await nextPage(context.app, jar)).errors).toEqual({ review_after: 'Enter a date as YYYY-MM-DD.' });
  });
});

describe('visibility workflow', () => {
  it('lets the maintainer submit a draft for publishing and revert it to draft', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DRAFT });
    expect((await patchAs(MAINTAINER, item.ref, { visibility: VISIBILITY.PENDING })).response.statusCode).toBe(303);
    expect((await itemRow(db(), item.id))?.visibility).toBe(VISIBILITY.PENDING);

    expect((await patchAs(MAINTAINER, item.ref, { visibility: VISIBILITY.DRAFT })).response.statusCode).toBe(303);
    expect((await itemRow(db(), item.id))?.visibility).toBe(VISIBILITY.DRAFT);
  });

  it.each([
    [VISIBILITY.DRAFT, VISIBILITY.DISCOVERABLE],
    [VISIBILITY.DRAFT, VISIBILITY.UNLISTED],
    [VISIBILITY.PENDING, VISIBILITY.DISCOVERABLE],
    [VISIBILITY.DRAFT, VISIBILITY.DRAFT],
    [VISIBILITY.DISCOVERABLE, VISIBILITY.DRAFT],
    [VISIBILITY.HIDDEN, VISIBILITY.PENDING],
  ])('refuses the maintainer a move from %i to %i with 403', async (from, to) => {
    const item = await createItem(db(), { visibility: from });
    expect((await patchAs(MAINTAINER, item.ref, { visibility: to })).response.statusCode).toBe(403);
    expect((await itemRow(db(), item.id))?.visibility).toBe(from);
  });

  it('lets an admin set any visibility', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.PENDING });
    for (const state of [VISIBILITY.DISCOVERABLE, VISIBILITY.HIDDEN, VISIBILITY.UNLISTED, VISIBILITY.DRAFT]) {
      await patchAs(ADMIN, item.ref, { visibility: state });
      expect((await itemRow(db(), item.id))?.visibility).toBe(state);
    }
  });
});

describe('minimum access level', () => {
  it('lets the maintainer of a draft set any level up to their own, never above', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DRAFT, minimumAccessLevel: 3 });
    await patchAs(MAINTAINER, item.ref, { minimum_access_level: 0 });
    expect((await itemRow(db(), item.id))?.minimumAccessLevel).toBe(0);
    await patchAs(MAINTAINER, item.ref, { minimum_access_level: '4' });
    expect((await itemRow(db(), item.id))?.minimumAccessLevel).toBe(4);

    const { jar } = await patchAs(MAINTAINER, item.ref, { minimum_access_level: 5 });
    expect((await nextPage(context.app, jar)).errors).toEqual({ minimum_access_level: 'You cannot set this access level.' });
    expect((await itemRow(db(), item.id))?.minimumAccessLevel).toBe(4);
  });

  it('lets the maintainer of a published item raise the level but not lower it', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 2 });
    const { jar } = await patchAs(MAINTAINER, item.ref, { minimum_access_level: 1 });
    expect((await nextPage(context.app, jar)).errors).toEqual({ minimum_access_level: 'You cannot set this access level.' });
    expect((await itemRow(db(), item.id))?.minimumAccessLevel).toBe(2);

    await patchAs(MAINTAINER, item.ref, { minimum_access_level: 3 });
    expect((await itemRow(db(), item.id))?.minimumAccessLevel).toBe(3);
  });

  it('lets an admin set any level on any item', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 });
    await patchAs(ADMIN, item.ref, { minimum_access_level: 6 });
    expect((await itemRow(db(), item.id))?.minimumAccessLevel).toBe(6);
    await patchAs(ADMIN, item.ref, { minimum_access_level: 0 });
    expect((await itemRow(db(), item.id))?.minimumAccessLevel).toBe(0);
  });
});

describe('maintainer reassignment', () => {
  it('lets an admin hand the item to another existing user', async () => {
    const item = await createItem(db());
    const { response } = await patchAs(ADMIN, item.ref, { created_by_user_ref: await userRef(db(), OTHER_MEMBER) });
    expect(response.statusCode).toBe(303);
    expect((await itemRow(db(), item.id))?.createdByUserId).toBe(await userId(db(), OTHER_MEMBER));
  });

  it('refuses an unknown user with an error under the field', async () => {
    const item = await createItem(db());
    const { jar } = await patchAs(ADMIN, item.ref, { created_by_user_ref: 'nosuchuser12' });
    expect((await nextPage(context.app, jar)).errors).toEqual({ created_by_user_ref: 'No user with that reference exists.' });
    expect((await itemRow(db(), item.id))?.createdByUserId).toBe(await userId(db(), MAINTAINER));
  });

  it('refuses the maintainer with 403, even to give the item away', async () => {
    const item = await createItem(db());
    const { response } = await patchAs(MAINTAINER, item.ref, { created_by_user_ref: await userRef(db(), OTHER_MEMBER) });
    expect(response.statusCode).toBe(403);
    expect((await itemRow(db(), item.id))?.createdByUserId).toBe(await userId(db(), MAINTAINER));
  });
});

describe('characteristic values', () => {
  const valid: [title: string, input: unknown, stored: string][] = [
    ['Licence', '  CC BY 4.0 ', 'CC BY 4.0'],
    ['Session length', '45', '45'],
    ['Session length', 90, '90'],
    ['Session length', 0, '0'],
    ['Works online', true, 'true'],
    ['Works online', 'false', 'false'],
    ['Last safety check', '2024-05', '2024-05'],
    ['Trailer video', 'https://video.example.org/watch/1', 'https://video.example.org/watch/1'],
  ];

  it.each(valid)('stores %s = %j as %j', async (title, input, stored) => {
    const item = await createItem(db());
    const { ref } = await characteristic(db(), title);
    const { response } = await patchAs(MAINTAINER, item.ref, { [`characteristic-${ref}`]: input });
    expect(response.statusCode).toBe(303);
    expect(await characteristicValues(db(), item.id)).toEqual({ [title]: stored });
  });

  const invalid: [title: string, input: unknown, message: string][] = [
    ['Session length', '45 minutes', 'Enter a whole number.'],
    ['Session length', 4.5, 'Enter a whole number.'],
    ['Session length', -5, 'Enter a whole number of at least 0.'],
    ['Session length', '-1', 'Enter a whole number of at least 0.'],
    ['Works online', 'perhaps', 'Choose yes or no.'],
    ['Last safety check', '2024-5', 'Enter a year and month as YYYY-MM.'],
    ['Trailer video', 'video.example.org', 'Enter a web address starting with http:// or https://.'],
  ];

  it.each(invalid)('refuses %s = %j with an error under its field', async (title, input, message) => {
    const item = await createItem(db(), {
      characteristicValues: {
        [title]: title === 'Works online' ? 'true' : title === 'Last safety check' ? '2020-01' : title === 'Trailer video' ? 'https://a.example' : '10',
      },
    });
    const before = await characteristicValues(db(), item.id);
    const { ref } = await characteristic(db(), title);
    const { jar } = await patchAs(MAINTAINER, item.ref, { [`characteristic-${ref}`]: input });
    expect((await nextPage(context.app, jar)).errors).toEqual({ [`characteristic-${ref}`]: message });
    expect(await characteristicValues(db(), item.id)).toEqual(before);
  });

  it('removes a value saved empty, and with DELETE /i/{ref}/characteristic/{ref}', async () => {
    const item = await createItem(db(), { characteristicValues: { Licence: 'CC0', 'Session length': '30' } });
    await patchAs(MAINTAINER, item.ref, { [`characteristic-${(await characteristic(db(), 'Licence')).ref}`]: '' });
    expect(await characteristicValues(db(), item.id)).toEqual({ 'Session length': '30' });

    const jar = await as(MAINTAINER);
    const response = await send(context.app, jar, 'DELETE', `/i/${item.ref}/characteristic/${(await characteristic(db(), 'Session length')).ref}`);
    expect(response.statusCode).toBe(303);
    expect(await characteristicValues(db(), item.id)).toEqual({});
    expect((await nextPage(context.app, jar)).notices).toEqual(['Value removed']);
  });

  it('keeps non-public characteristics to admins', async () => {
    const item = await createItem(db(), { characteristicValues: { 'Replacement value': '100' } });
    const { ref } = await characteristic(db(), 'Replacement value');
    expect((await patchAs(MAINTAINER, item.ref, { [`characteristic-${ref}`]: '5' })).response.statusCode).toBe(403);
    const jar = await as(MAINTAINER);
    expect((await send(context.app, jar, 'DELETE', `/i/${item.ref}/characteristic/${ref}`)).statusCode).toBe(403);
    expect(await characteristicValues(db(), item.id)).toEqual({ 'Replacement value': '100' });

    await patchAs(ADMIN, item.ref, { [`characteristic-${ref}`]: '250' });
    expect(await characteristicValues(db(), item.id)).toEqual({ 'Replacement value': '250' });
  });

  it('refuses non-editors and answers 404 for an unknown characteristic', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE });
    const { ref } = await characteristic(db(), 'Licence');
    expect((await patchAs(OTHER_MEMBER, item.ref, { [`characteristic-${ref}`]: 'Mine' })).response.statusCode).toBe(403);
    expect((await patchAs(MAINTAINER, item.ref, { 'characteristic-nosuchthing1': 'x' })).response.statusCode).toBe(404);
    expect(await characteristicValues(db(), item.id)).toEqual({});
  });
});
