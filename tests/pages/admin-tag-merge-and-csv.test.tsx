/** The tag merge page and the taxonomy CSV import page (issue 19 §3), with their wrong turns. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { PagePropsMap } from '../../shared/pages';
import type { SharedProps } from '../../shared/props';
import { TAG_MERGE_MESSAGES, TAG_MERGE_TEXTS, type TagMergePreview } from '../../shared/tag-merge';
import { TAXONOMY_CSV_MESSAGES, TAXONOMY_CSV_TEXTS, type TaxonomyCsvPreview } from '../../shared/taxonomy-csv';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const ADMIN: SharedProps = { ...SHARED_MEMBER, auth: { ...SHARED_MEMBER.auth, admin: true }, menu: MENUS.admin };
const TAG = { ref: 'tagkids00001', label: 'Kids' };
const TAXONOMY = { ref: 'taxage000001', title: 'Age Group' };
const PREVIEW: TagMergePreview = {
  targetRef: 'tagchildren1',
  targetLabel: 'Children',
  items: 12,
  alreadyTagged: 3,
  childTags: 2,
  oldPath: '/tag/kids',
  newPath: '/tag/children',
};

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderMerge(props: Partial<PagePropsMap['admin/taxonomy/Merge']> = {}, errors: Record<string, string> = {}) {
  return renderInertiaPage(
    pageObject(
      'admin/taxonomy/Merge',
      {
        tag: TAG,
        taxonomy: TAXONOMY,
        targets: [
          { ref: 'tagchildren1', fullLabel: 'Children' },
          { ref: 'tagprimary01', fullLabel: 'Children > Primary' },
        ],
        into: null,
        preview: null,
        ...ADMIN,
        errors,
        title: TAG_MERGE_TEXTS.title(TAG.label),
        ...props,
      },
      { url: `/admin/tag/${TAG.ref}/merge` },
    ),
  );
}

describe('the taxonomy page', () => {
  it('offers Merge… on each tag, and Export CSV (a download button) and Import CSV in its menu', async () => {
    const kids = {
      ref: TAG.ref,
      label: TAG.label,
      parentLabel: null,
      parentRef: null,
      fullLabel: TAG.label,
      force_show_in_filtering: false,
      position: 0,
      itemCount: 3,
    };
    const taxonomy = { ...TAXONOMY, usage_note: '', required: false, multiselect: true, public: true, show_in_filtering: true, tags: [kids] };
    await renderInertiaPage(
      pageObject(
        'admin/taxonomy/Show',
        { taxonomy, usage: { taggedItems: 3, untaggedItems: 0 }, ...ADMIN, title: TAXONOMY.title },
        { url: `/admin/taxonomy/${TAXONOMY.ref}` },
      ),
    );
    expect(screen.getByRole('link', { name: TAG_MERGE_TEXTS.actionLabel('Kids') }).getAttribute('href')).toBe('/admin/tag/tagkids00001/merge');
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    expect(screen.getByRole('link', { name: TAXONOMY_CSV_TEXTS.import }).getAttribute('href')).toBe('/admin/taxonomy/taxage000001/import');
    // A button, not an Inertia link: the download is a plain navigation the browser saves.
    expect(screen.getByRole('button', { name: TAXONOMY_CSV_TEXTS.export })).toBeTruthy();
    expect(screen.queryByRole('link', { name: TAXONOMY_CSV_TEXTS.export })).toBeNull();
  });
});

describe('merge page', () => {
  it('asks for the target first: Merge stays off until a preview is shown, and choosing one asks for its preview', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderMerge();
    expect(screen.getByRole('heading', { level: 1, name: 'Merge Kids' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: TAG_MERGE_TEXTS.target }), 'tagprimary01');
    expect(get).toHaveBeenCalledWith('/admin/tag/tagkids00001/merge', { into: 'tagprimary01' }, expect.objectContaining({ preserveState: true }));
  });

  it('shows the impact preview and merges into the previewed tag', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderMerge({ into: 'tagchildren1', preview: PREVIEW });
    const preview = screen.getByRole('region', { name: TAG_MERGE_TEXTS.previewHeading });
    expect(within(preview).getByText('12 items will be re-tagged, 3 already have Children.')).toBeTruthy();
    expect(within(preview).getByText('2 child tags move under Children.')).toBeTruthy();
    expect(within(preview).getByText('/tag/kids will lead to /tag/children.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(post).toHaveBeenCalledWith('/admin/tag/tagkids00001/merge', { into: 'tagchildren1' });
  });

  it('says when no item carries the tag, shows a refusal under the select, and says when there is nothing to merge into', async () => {
    const { unmount } = await renderMerge(
      { into: 'tagchildren1', preview: { ...PREVIEW, items: 0, alreadyTagged: 0, childTags: 0 } },
      { into: TAG_MERGE_MESSAGES.targetBelow },
    );
    expect(screen.getByText('No item carries this tag.')).toBeTruthy();
    const preview = screen.getByRole('region', { name: TAG_MERGE_TEXTS.previewHeading });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No item carries this tag.', '/tag/kids will lead to /tag/children.']);
    const select = screen.getByRole('combobox', { name: TAG_MERGE_TEXTS.target });
    expect(select.getAttribute('aria-invalid') ?? select.className).toMatch(/true|is-invalid/);
    expect(within(select.closest('div')!).getByText(TAG_MERGE_MESSAGES.targetBelow)).toBeTruthy();
    unmount();
    await renderMerge({ targets: [] });
    expect(screen.getByText(TAG_MERGE_TEXTS.noTargets)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
  });
});

const CSV_PREVIEW: TaxonomyCsvPreview = {
  adds: [{ label: 'Teens', parent: '' }],
  renames: [{ from: 'Kids', to: 'Children' }],
  moves: [{ label: 'Primary', from: '', to: 'Children' }],
  reorders: [],
  forceShow: [],
  deletes: [{ label: 'Old', itemCount: 4 }],
  unchanged: 1,
  deleteMissing: true,
  fingerprint: 'abc',
};

function renderImport(preview: TaxonomyCsvPreview | null = null, errors: Record<string, string> = {}) {
  return renderInertiaPage(
    pageObject(
      'admin/taxonomy/Import',
      { taxonomy: TAXONOMY, preview, maxChars: 1000, ...ADMIN, errors, title: TAXONOMY_CSV_TEXTS.title(TAXONOMY.title) },
      { url: `/admin/taxonomy/${TAXONOMY.ref}/import` },
    ),
  );
}

describe('CSV import page', () => {
  it('asks for a file before a preview, and refuses a file too large to send', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderImport();
    await userEvent.click(screen.getByRole('button', { name: TAXONOMY_CSV_TEXTS.preview }));
    expect(screen.getByText(TAXONOMY_CSV_MESSAGES.fileRequired)).toBeTruthy();
    await userEvent.upload(screen.getByLabelText(TAXONOMY_CSV_TEXTS.file), new File(['x'.repeat(4001)], 'big.csv', { type: 'text/csv' }));
    expect(await screen.findByText(TAXONOMY_CSV_MESSAGES.tooLarge)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the file’s text for a preview, shows what changes, and applies it with the fingerprint', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onSuccess?.({} as never));
    await renderImport(CSV_PREVIEW);
    // A preview in the props from an earlier visit is not shown for a file not previewed yet.
    expect(screen.queryByRole('region', { name: TAXONOMY_CSV_TEXTS.previewHeading })).toBeNull();
    await userEvent.upload(screen.getByLabelText(TAXONOMY_CSV_TEXTS.file), new File(['label\nTeens\n'], 'age.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('checkbox', { name: TAXONOMY_CSV_TEXTS.deleteMissing }));
    await userEvent.click(screen.getByRole('button', { name: TAXONOMY_CSV_TEXTS.preview }));
    expect(post).toHaveBeenLastCalledWith(
      '/admin/taxonomy/taxage000001/import',
      { csv: 'label\nTeens\n', delete_missing: true },
      expect.objectContaining({ preserveState: true }),
    );
    const preview = screen.getByRole('region', { name: TAXONOMY_CSV_TEXTS.previewHeading });
    expect(within(preview).getByText('Teens')).toBeTruthy();
    expect(within(preview).getByText('Kids → Children')).toBeTruthy();
    expect(within(preview).getByText('Primary: (top level) → Children')).toBeTruthy();
    expect(within(preview).getByText('Old (4 items lose it)')).toBeTruthy();
    await userEvent.click(within(preview).getByRole('button', { name: TAXONOMY_CSV_TEXTS.apply }));
    expect(post).toHaveBeenLastCalledWith(
      '/admin/taxonomy/taxage000001/import',
      { csv: 'label\nTeens\n', delete_missing: true, fingerprint: 'abc' },
      expect.objectContaining({ preserveState: true }),
    );
  });

  it('hides the preview when the choice changes, and shows the server’s errors line by line', async () => {
    vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onSuccess?.({} as never));
    const { unmount } = await renderImport(CSV_PREVIEW);
    await userEvent.upload(screen.getByLabelText(TAXONOMY_CSV_TEXTS.file), new File(['label\nTeens\n'], 'age.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: TAXONOMY_CSV_TEXTS.preview }));
    expect(screen.getByRole('region', { name: TAXONOMY_CSV_TEXTS.previewHeading })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: TAXONOMY_CSV_TEXTS.deleteMissing }));
    expect(screen.queryByRole('region', { name: TAXONOMY_CSV_TEXTS.previewHeading })).toBeNull();
    unmount();
    const errors = `${TAXONOMY_CSV_MESSAGES.labelRequired(2)}\n${TAXONOMY_CSV_MESSAGES.parentUnknown(3, 'X')}`;
    await renderImport(null, { csv: errors });
    expect(screen.getByText(/Row 2: the label is required\.\s+Row 3: the parent/)).toBeTruthy();
  });

  it('says when the file changes nothing, without an Apply button', async () => {
    vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onSuccess?.({} as never));
    await renderImport({ ...CSV_PREVIEW, adds: [], renames: [], moves: [], deletes: [], unchanged: 5 });
    await userEvent.upload(screen.getByLabelText(TAXONOMY_CSV_TEXTS.file), new File(['label\nKids\n'], 'age.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: TAXONOMY_CSV_TEXTS.preview }));
    expect(screen.getByText(TAXONOMY_CSV_TEXTS.nothingChanges)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TAXONOMY_CSV_TEXTS.apply })).toBeNull();
  });
});
