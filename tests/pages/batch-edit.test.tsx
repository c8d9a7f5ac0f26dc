/** The item index's batch edit (issue 19 §1): selection, the dialog's preview, apply and undo, as the server answers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@inertiajs/core';
import { router } from '@inertiajs/react';
import type { BatchPreview, BatchResult } from '../../shared/batch-edit';
import type { Taxonomy } from '../../shared/items';
import type { PagePropsMap } from '../../shared/pages';
import { anItemSummary } from '../support/item-fixtures';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';
import { ADMIN_AUTH } from './item-show-fixtures';
import type { ActivityEntry } from '../../shared/history';

const TOPIC: Taxonomy = {
  ref: 'taxtopic',
  title: 'Topic',
  usage_note: '',
  required: false,
  multiselect: true,
  public: true,
  show_in_filtering: true,
  tags: [{ ref: 'taggames', label: 'Games', parentLabel: null, parentRef: null, fullLabel: 'Games', force_show_in_filtering: false }],
};

function props(batchEdit: PagePropsMap['items/Index']['batchEdit'], editable?: boolean[]): PagePropsMap['items/Index'] {
  const data = [anItemSummary({ ref: 'camp1', title: 'Camp Songbook' }), anItemSummary({ ref: 'camp2', title: 'Camp Games' })].map((card, index) =>
    editable ? { ...card, batch_editable: editable[index] } : card,
  );
  return {
    listing: 'all',
    heading: 'Search: "camp"',
    items: { data },
    itemsPagination: { currentPage: 1, nextPage: null, previousPage: null, perPage: 24 },
    filters: { search: 'camp', tags: [] },
    selectedTags: [],
    filterTaxonomies: [],
    matchCount: 2,
    tagCounts: {},
    suggestions: null,
    follow: null,
    tagPage: null,
    requiredTaxonomies: [],
    batchEdit,
  };
}

async function renderIndex(batchEdit: PagePropsMap['items/Index']['batchEdit'], editable?: boolean[]) {
  const page = pageObject('items/Index', { ...props(batchEdit, editable), ...SHARED_MEMBER }, { url: '/item?search=camp' });
  return renderInertiaPage({ ...page, scrollProps: { items: { pageName: 'page', currentPage: 1, previousPage: null, nextPage: null, reset: false } } } as Page);
}

const wording = { does: "adds 'Games' to", already: 'already have it' };
const summary: BatchPreview = {
  selected: 2,
  changed: 1,
  unchanged: 1,
  refused: {},
  refusedRefs: [],
  wording,
  description: "adds 'Games' to 1 item, 1 already have it",
  matching: null,
  refs: ['camp2'],
};
/** What the next preview answers, when a test needs another. */
let nextPreview: BatchPreview | null = null;
/** What an undo answers, when a test needs another. */
let nextUndo: BatchResult | null = null;
/** Holds the answer to the second chunk until released, so a test sees the dialog mid-run. */
let secondChunkGate: Promise<void> = Promise.resolve();
const sent: { url: string; body: unknown }[] = [];

beforeEach(() => {
  sent.length = 0;
  nextPreview = null;
  nextUndo = null;
  vi.spyOn(router, 'reload').mockImplementation(() => {});
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (!url.startsWith('/batch-edit')) return Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] });
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/batch-edit/preview') return Response.json(nextPreview ?? summary);
    if (url === '/batch-edit' && nextPreview) {
      if (sent.filter((each) => each.url === '/batch-edit').length === 2) await secondChunkGate;
      const refs = (JSON.parse(String(init!.body)) as { refs: string[] }).refs;
      const counts = { selected: refs.length, changed: refs.length, unchanged: 0, refused: {}, refusedRefs: [] };
      return Response.json({ ...counts, wording, description: 'chunk', batch: 'b9' } satisfies BatchResult);
    }
    if (url === '/batch-edit') return Response.json({ ...summary, batch: 'b1' } satisfies BatchResult);
    if (url === '/batch-edit/b1/undo' && nextUndo) return Response.json(nextUndo);
    if (url === '/batch-edit/b1/undo') return Response.json({ ...summary, description: 'restores 1 item', batch: 'undo:b1' } satisfies BatchResult);
    return Response.json({ errors: { tags: 'One of these tags does not exist.' } }, { status: 422 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('batch edit on the item index', () => {
  it('offers no selection to those not offered batch edits', async () => {
    await renderIndex(null);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit selected/ })).toBeNull();
  });

  it('offers a maintainer the cards they maintain, without "all n matching", and no batch edit when none is theirs', async () => {
    await renderIndex({ taxonomies: [TOPIC], allMatching: false }, [true, false]);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('id'))).toEqual(['select-camp1']);
    expect(screen.queryByRole('checkbox', { name: /Select all/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit selected (0)' })).toBeTruthy();
    cleanup();
    await renderIndex({ taxonomies: [TOPIC], allMatching: false }, [false, false]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit selected/ })).toBeNull();
  });

  it('selects items by keyboard, previews, applies and undoes, sending the chosen refs and action', async () => {
    const user = userEvent.setup();
    await renderIndex({ taxonomies: [TOPIC], allMatching: true });
    const edit = screen.getByRole('button', { name: 'Edit selected (0)' });
    expect(edit.hasAttribute('disabled')).toBe(true);
    screen.getByRole('checkbox', { name: 'Select Camp Games' }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Edit selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 1 item' });
    await user.selectOptions(within(dialog).getByLabelText('Tag'), 'taggames');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText("This adds 'Games' to 1 item, 1 already have it.")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText("Done: adds 'Games' to 1 item, 1 already have it.")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByText('Undone: restores 1 item.')).toBeTruthy();
    const action = { kind: 'add_tags', tags: ['taggames'] };
    expect(sent).toEqual([
      { url: '/batch-edit/preview', body: { refs: ['camp2'], action } },
      { url: '/batch-edit', body: { refs: ['camp2'], action } },
      { url: '/batch-edit/b1/undo', body: undefined },
    ]);
  });

  it('sends "all n matching" as the listing and its search, and shows a refusal', async () => {
    const user = userEvent.setup();
    await renderIndex({ taxonomies: [TOPIC], allMatching: true });
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 matching' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Edit selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 2 items' });
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'remove_tags');
    await user.selectOptions(within(dialog).getByLabelText('Tag'), 'taggames');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(sent[0]).toEqual({
        url: '/batch-edit/preview',
        body: { matching: { listing: 'all', search: 'camp', tags: [] }, action: { kind: 'remove_tags', tags: ['taggames'] } },
      }),
    );
  });

  it('applies a large selection a chunk at a time under one batch, with a progress bar, and sums what was done', async () => {
    const user = userEvent.setup();
    const refs = Array.from({ length: 1_200 }, (_, index) => `item${index}`);
    nextPreview = { ...summary, selected: 1_200, changed: 1_200, unchanged: 0, description: "adds 'Games' to 1,200 items, 0 already have it", refs };
    let release = () => {};
    secondChunkGate = new Promise((resolve) => (release = resolve));
    await renderIndex({ taxonomies: [TOPIC], allMatching: true });
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 matching' }));
    await user.click(screen.getByRole('button', { name: 'Edit selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 2 items' });
    await user.selectOptions(within(dialog).getByLabelText('Tag'), 'taggames');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByText("This adds 'Games' to 1,200 items, 0 already have it.");
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const progress = await within(dialog).findByRole('progressbar', { name: 'Batch progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('500'));
    expect(within(dialog).getByText('Applying: 500 of 1,200 items done…')).toBeTruthy();
    release();
    expect(await within(dialog).findByText("Done: adds 'Games' to 1,200 items, 0 already have it.")).toBeTruthy();
    const chunks = sent.filter((each) => each.url === '/batch-edit').map((each) => each.body as { refs: string[]; batch?: string });
    expect(chunks.map((chunk) => [chunk.refs.length, chunk.batch])).toEqual([
      [500, undefined],
      [500, 'b9'],
      [200, 'b9'],
    ]);
    expect(chunks.flatMap((chunk) => chunk.refs)).toEqual(refs);
    expect(within(dialog).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });
  it('says before anything runs when one run does not cover every match, applies the previewed refs, and offers the next run', async () => {
    const user = userEvent.setup();
    const run = { total: 19_999, atLeast: false, from: 1, to: 10_000, nextAfter: 'camp2' };
    nextPreview = { ...summary, selected: 2, changed: 2, unchanged: 0, description: "adds 'Games' to 2 items", refs: ['camp1', 'camp2'], matching: run };
    await renderIndex({ taxonomies: [TOPIC], allMatching: true });
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 matching' }));
    await user.click(screen.getByRole('button', { name: 'Edit selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 2 items' });
    await user.selectOptions(within(dialog).getByLabelText('Tag'), 'taggames');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('10,000 of 19,999 match: this is run 1 of 2 (items 1–10,000). Narrow the filter, or apply in 2 runs.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Next run' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent.filter((each) => each.url === '/batch-edit/preview')).toHaveLength(2));
    expect(sent.map((each) => [each.url, each.body])).toEqual([
      ['/batch-edit/preview', { matching: { listing: 'all', search: 'camp', tags: [] }, action: { kind: 'add_tags', tags: ['taggames'] } }],
      // What was previewed, and nothing else, is applied.
      ['/batch-edit', { refs: ['camp1', 'camp2'], action: { kind: 'add_tags', tags: ['taggames'] } }],
      ['/batch-edit/preview', { matching: { listing: 'all', search: 'camp', tags: [], after: 'camp2' }, action: { kind: 'add_tags', tags: ['taggames'] } }],
    ]);
  });
});

describe('undo from the activity feed', () => {
  const change = (id: number, batch: string | null): ActivityEntry => ({
    id,
    at: '2026-11-26T10:00:00Z',
    who: 'Ada Admin',
    actingAs: null,
    summary: 'Added tag Games',
    changes: [],
    route: 'POST /batch-edit',
    kind: 'item_tag',
    item: { ref: `item${id}`, title: `Item ${id}` },
    batch,
  });
  /** The activity feed, as an admin sees it, with these entries. */
  const renderActivity = (entries: ActivityEntry[]) =>
    renderInertiaPage(
      pageObject(
        'admin/history/Index',
        {
          ...SHARED_MEMBER,
          auth: ADMIN_AUTH,
          menu: MENUS.admin,
          entries: { data: entries, links: [] },
          total: entries.length,
          filters: { person: '', kind: null, from: '2026-11-01', to: '2026-11-30' },
          title: 'Activity',
          breadcrumbs: [],
        },
        { url: '/admin/history' },
      ),
    );

  it('offers Undo on a batch entry only (not on an undo, nor a lone change) and says what the server did', async () => {
    const user = userEvent.setup();
    await renderActivity([change(3, 'undo:b1'), change(2, 'b1'), change(1, null)]);
    const buttons = screen.getAllByRole('button', { name: 'Undo this batch' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    expect(await screen.findByText('Undone: restores 1 item.')).toBeTruthy();
    expect(sent).toEqual([{ url: '/batch-edit/b1/undo', body: undefined }]);
  });

  it('lists every item an undo left as it was, each linked to its History', async () => {
    const user = userEvent.setup();
    const skipped = Array.from({ length: 25 }, (_, index) => ({ ref: `kept${index}`, title: `Kept ${index}`, reason: 'changed_since' as const }));
    nextUndo = { ...summary, description: 'restores 1 item; 25 items changed since', batch: 'undo:b1', skipped };
    await renderActivity([change(2, 'b1')]);
    await user.click(screen.getByRole('button', { name: 'Undo this batch' }));
    const list = await screen.findByRole('list', { name: 'Items left as they are' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(skipped.map((item) => [item.title, `/i/${item.ref}?history=1`]));
    expect(screen.getByText('Left as they are (25 items):')).toBeTruthy();
  });
});
