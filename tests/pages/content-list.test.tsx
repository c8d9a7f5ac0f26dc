import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { HttpProgressEvent, VisitOptions } from '@inertiajs/core';
import UploadContentDialog from '../../components/content/UploadContentDialog';
import { CONTENT_MESSAGES, type Content, type UnlinkedFile } from '../../shared/content';
import { CONTENT_LIST_TEXTS } from '../../shared/content-list';
import { EXPORT_MODE_LABELS } from '../../shared/enums';
import type { PagePropsMap } from '../../shared/pages';
import { SHARED_ADMIN, itemPage, mockConfirm, withItem } from './item-show-fixtures';
import { SHARED_ANONYMOUS, SHARED_MEMBER, renderInertiaPage } from './support';
import { ICON_SPRITE_URL } from '../../shared/icons';
import { OPENS_IN_NEW_TAB } from '../../shared/messages';

type ShowProps = PagePropsMap['items/Show'];

function content(ref: string, label: string, overrides: Partial<Content> = {}): Content {
  return {
    ref,
    label,
    description: '',
    format: 'pdf',
    length_minutes: null,
    size: '12 KB',
    size_bytes: 12_288,
    copyright: null,
    google_drive_file_id: null,
    export_mode: null,
    minimum_access_level: 0,
    published: true,
    is_sample: false,
    is_sample_of_ref: null,
    is_sample_of_label: null,
    position: 0,
    ...overrides,
  };
}

const GUIDE = content('contentguide', 'Leader Guide', { description: 'Read before camp.', length_minutes: 20, copyright: '© Equip' });
const SONGS = content('contentsongs', 'Song sheet', { format: 'audio', minimum_access_level: 3, position: 1 });
const TASTER = content('contenttaste', 'Taster', {
  format: 'text',
  is_sample: true,
  is_sample_of_ref: GUIDE.ref,
  is_sample_of_label: GUIDE.label,
  published: false,
  position: 2,
});
const MANAGE_ALL: ShowProps['contentCan'] = { manage: true, curate: true, createFolder: true };
const LOOSE: UnlinkedFile = { id: 'drivefile000000001', name: 'Loose handout.txt', format: 'text', size: '1 KB', default_label: 'Loose handout' };

const section = () => screen.getByRole('region', { name: 'Content' });

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => vi.restoreAllMocks());

describe('the content list', () => {
  it('lists each file with its format icon, a link that opens it, and its facts', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, withItem({ contents: [GUIDE, SONGS] })));
    const rows = within(section()).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Leader Guide', 'Song sheet']);
    // Each draws its symbol of the icon sprite.
    expect(within(rows[0]!).getByRole('img', { name: 'PDF' }).querySelector('use')?.getAttribute('href')).toBe(`${ICON_SPRITE_URL}#bi-file-earmark-pdf`);
    expect(within(rows[1]!).getByRole('img', { name: 'Audio' }).querySelector('use')?.getAttribute('href')).toBe(`${ICON_SPRITE_URL}#bi-file-earmark-music`);
    const link = within(rows[0]!).getByRole('link', { name: `Leader Guide ${OPENS_IN_NEW_TAB}` });
    expect(link.getAttribute('href')).toBe('/content/contentguide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(rows[0]!).getByText('Read before camp.')).toBeTruthy();
    expect(within(rows[0]!).getByText('20 min · 12 KB · © Equip')).toBeTruthy();
    // Badges are for admins (sample, minimum access) and editors (unpublished).
    expect(within(rows[1]!).queryByText('3: Leaders')).toBeNull();
  });

  it('comes right after the topic and blurb, before characteristics, tags, affirmations and comments (issue 15 §3)', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, withItem({ contents: [GUIDE, SONGS] })));
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label') ?? document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent);
    const at = (name: string) => {
      expect(regions).toContain(name);
      return regions.indexOf(name);
    };
    expect(at('Content')).toBe(at('Overview') + 1);
    for (const later of ['Characteristics', 'Tags', 'Affirmations', 'Comments']) expect(at(later)).toBeGreaterThan(at('Content'));
  });

  it('shows admins the sample, minimum-access and unpublished badges', async () => {
    await renderInertiaPage(itemPage(SHARED_ADMIN, { ...withItem({ contents: [GUIDE, SONGS, TASTER] }), contentCan: MANAGE_ALL }, { update: true }));
    expect(within(section()).getByText('3: Leaders')).toBeTruthy();
    expect(within(section()).getByText('Sample of Leader Guide')).toBeTruthy();
    expect(within(section()).getByText('Unpublished')).toBeTruthy();
  });

  it('tells a visitor that signing in shows more content when some exists above their level, without a prompt of its own', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS, withItem({ contents: [GUIDE], more_content_available: true })));
    expect(within(section()).getByText(CONTENT_LIST_TEXTS.moreContentForVisitors)).toBeTruthy();
    expect(within(section()).queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(within(section()).queryByRole('alert')).toBeNull();
  });

  it('gives each file its whole address for paper, where print.css writes it after the name (issue 36 §6)', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, withItem({ contents: [GUIDE, SONGS] })));
    const links = within(section()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('data-print-href'))).toEqual([
      `${window.location.origin}/content/contentguide`,
      `${window.location.origin}/content/contentsongs`,
    ]);
    expect(links[0]!.closest('ul')!.classList.contains('content-files')).toBe(true);
    const printCss = readFileSync(path.resolve(import.meta.dirname, '../../components/layout/print.css'), 'utf8');
    expect(printCss).toContain(".content-files a[href][data-print-href]::after {\n    content: ' (' attr(data-print-href) ')';");
  });

  it('is left out when there is nothing to show and nothing to manage', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    expect(screen.queryByRole('region', { name: 'Content' })).toBeNull();
  });
});

describe('editing content', () => {
  async function adminEditing(contents: Content[] = [GUIDE, SONGS], folder: string | null = 'drive-folder-1', extra: Partial<ShowProps> = {}) {
    await renderInertiaPage(
      itemPage(SHARED_ADMIN, { ...withItem({ contents, google_drive_folder_id: folder }), contentCan: MANAGE_ALL, ...extra }, { update: true }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  }

  it('moves rows up and down with the reposition call', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await adminEditing();
    expect((screen.getByRole('button', { name: 'Move Leader Guide up' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Move Leader Guide down' }));
    expect(post).toHaveBeenCalledWith('/content/contentguide/reposition', { increase: true }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Move Song sheet up' }));
    expect(post).toHaveBeenLastCalledWith('/content/contentsongs/reposition', { increase: false }, expect.anything());
  });

  it('expands a row into its editors, with export modes by their labels, and collapses it again', async () => {
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    await adminEditing();
    expect(screen.queryByRole('button', { name: 'Edit Label' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Leader Guide' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Export mode' }));
    const select = await screen.findByRole('combobox', { name: 'Export mode' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(Object.values(EXPORT_MODE_LABELS));
    await userEvent.selectOptions(select, EXPORT_MODE_LABELS.doc_pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Save Export mode' }));
    expect(patch).toHaveBeenCalledWith('/content/contentguide', { export_mode: 'doc_pdf' }, expect.anything());

    await userEvent.click(screen.getByRole('switch', { name: 'Published' }));
    expect(patch).toHaveBeenLastCalledWith('/content/contentguide', { published: false }, expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Collapse Leader Guide' }));
    expect(screen.queryByRole('button', { name: 'Edit Label' })).toBeNull();
  });

  it('removes a row only after confirmation', async () => {
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    await adminEditing();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Song sheet' }));
    mockConfirm(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Song sheet' }));
    expect(remove).not.toHaveBeenCalled();
    const confirm = mockConfirm(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Song sheet' }));
    expect(confirm).toHaveBeenCalledWith(CONTENT_MESSAGES.deleteConfirm);
    expect(remove).toHaveBeenCalledWith('/content/contentsongs', expect.anything());
  });

  it('offers Create drive folder to admins while the item has none, instead of Link Existing File', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await adminEditing([GUIDE], null);
    expect(screen.queryByRole('button', { name: 'Link Existing File' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create drive folder' }));
    expect(post).toHaveBeenCalledWith('/i/sheep0000001/folder', {}, expect.anything());
  });

  it('links an existing file: loads the list, asks to select a file, then posts it with its label', async () => {
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => {});
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await adminEditing([GUIDE], 'drive-folder-1', { unlinkedFiles: [LOOSE] });
    await userEvent.click(screen.getByRole('button', { name: 'Link Existing File' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Existing File' });
    expect(reload).toHaveBeenCalledWith({ only: ['unlinkedFiles'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Existing File' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CONTENT_MESSAGES.selectFile);
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Loose handout.txt' }));
    expect((within(dialog).getByRole('textbox', { name: 'Label' }) as HTMLInputElement).value).toBe('Loose handout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Existing File' }));
    expect(post).toHaveBeenCalledWith('/i/sheep0000001/content', { google_drive_file_id: LOOSE.id, label: 'Loose handout' }, expect.anything());
  });

  it('says when the folder has no unlinked files', async () => {
    vi.spyOn(router, 'reload').mockImplementation(() => {});
    await adminEditing([GUIDE], 'drive-folder-1', { unlinkedFiles: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Link Existing File' }));
    expect(within(screen.getByRole('dialog', { name: 'Link Existing File' })).getByText(CONTENT_MESSAGES.noUnlinkedFiles)).toBeTruthy();
  });
});

describe('UploadContentDialog', () => {
  const files = [new File(['%PDF-1.4'], 'Guide.pdf', { type: 'application/pdf' }), new File(['Hello'], 'Notes.txt', { type: 'text/plain' })];

  it('uploads several files with a progress bar, and shows per-file refusals as danger alerts', async () => {
    let options: VisitOptions = {};
    const post = vi.spyOn(router, 'post').mockImplementation((_url, _data, visit = {}) => {
      options = visit as VisitOptions;
    });
    render(<UploadContentDialog itemRef="camp123" contents={[GUIDE]} show onHide={() => {}} />);
    await userEvent.upload(screen.getByLabelText('Files'), files);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Content' }));
    expect(post).toHaveBeenCalledWith(
      '/i/camp123/content/upload',
      { fileUpload: files, sample: 'false', sampleOfRef: '' },
      expect.objectContaining({ forceFormData: true }),
    );

    await waitFor(() => options.onStart?.({} as never));
    await waitFor(() => options.onProgress?.({ percentage: 40 } as HttpProgressEvent));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('40');

    await waitFor(() => options.onError?.({ fileUpload: CONTENT_MESSAGES.someFilesRefused, 'fileUpload.1': CONTENT_MESSAGES.contentMismatch('Notes.txt') }));
    await waitFor(() => options.onFinish?.({} as never));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      CONTENT_MESSAGES.someFilesRefused,
      CONTENT_MESSAGES.contentMismatch('Notes.txt'),
    ]);
    // The finish's state update may render after the alerts on a loaded machine: wait for it.
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('needs a chosen full version for a sample', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    render(<UploadContentDialog itemRef="camp123" contents={[GUIDE, TASTER]} show onHide={() => {}} />);
    await userEvent.upload(screen.getByLabelText('Files'), files[0]!);
    await userEvent.click(screen.getByRole('checkbox', { name: 'This is a sample of another content file' }));
    const fullVersion = screen.getByRole('combobox', { name: 'Full version' });
    // A sample is never the full version of another.
    expect(
      within(fullVersion)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose the full version…', 'Leader Guide']);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Content' }));
    expect(screen.getByRole('alert').textContent).toBe(CONTENT_MESSAGES.chooseFullVersion);
    expect(post).not.toHaveBeenCalled();
    await userEvent.selectOptions(fullVersion, 'Leader Guide');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Content' }));
    expect(post).toHaveBeenCalledWith('/i/camp123/content/upload', { fileUpload: [files[0]], sample: 'true', sampleOfRef: GUIDE.ref }, expect.anything());
  });
});
