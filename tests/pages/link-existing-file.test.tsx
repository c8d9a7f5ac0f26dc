import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@inertiajs/core';
import { CONTENT_FIELDS, CONTENT_MESSAGES, type UnlinkedFile } from '../../shared/content';
import type { PagePropsMap } from '../../shared/pages';
import { ITEM, SHARED_ADMIN, itemPage, withItem } from './item-show-fixtures';
import { pageBack, partialPage, serveInertia, stopServing, type ServerRequest } from './inertia-server';
import { renderInertiaPage } from './support';

const MANAGE_ALL: PagePropsMap['items/Show']['contentCan'] = { manage: true, curate: true, createFolder: true };
const HANDOUT: UnlinkedFile = { id: 'drivefile000000001', name: 'Loose handout.txt', format: 'text', size: '1 KB', default_label: 'Loose handout' };
const SLIDES: UnlinkedFile = { id: 'drivefile000000002', name: 'Talk slides.pptx', format: 'powerpoint', size: '2 MB', default_label: 'Talk slides' };

const ITEM_PAGE = itemPage(SHARED_ADMIN, { ...withItem({ contents: [], google_drive_folder_id: 'drive-folder-1' }), contentCan: MANAGE_ALL }, { update: true });

/** The item page's server for Link Existing File: the folder's files on request, each post answered by `answers` in turn. */
function serveLinking(answers: (() => Page)[]): ServerRequest[] {
  return serveInertia((request) => {
    if (request.method === 'GET') return partialPage(ITEM_PAGE, { unlinkedFiles: [HANDOUT, SLIDES] });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected ${request.method} ${request.path}`);
    return answer();
  });
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  stopServing();
  vi.restoreAllMocks();
});

const fileChoices = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('aria-label'));

describe('Link Existing File on the item page', () => {
  it('keeps the folder’s files after an error comes back, and links on the retry', async () => {
    const requests = serveLinking([() => pageBack(ITEM_PAGE, { [CONTENT_FIELDS.driveFile]: CONTENT_MESSAGES.fileAlreadyLinked }), () => pageBack(ITEM_PAGE)]);
    await renderInertiaPage(ITEM_PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Link Existing File' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Existing File' });
    await waitFor(() => expect(fileChoices(dialog)).toEqual([HANDOUT.name, SLIDES.name]));
    await userEvent.click(within(dialog).getByRole('radio', { name: HANDOUT.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Existing File' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(CONTENT_MESSAGES.fileAlreadyLinked);
    expect(within(dialog).queryByText('Loading...')).toBeNull();
    expect(fileChoices(dialog)).toEqual([HANDOUT.name, SLIDES.name]);

    await userEvent.click(within(dialog).getByRole('radio', { name: SLIDES.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Existing File' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link Existing File' })).toBeNull());
    expect(requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.data])).toEqual([
      [`/i/${ITEM.ref}/content`, { [CONTENT_FIELDS.driveFile]: HANDOUT.id, label: 'Loose handout' }],
      [`/i/${ITEM.ref}/content`, { [CONTENT_FIELDS.driveFile]: SLIDES.id, label: 'Talk slides' }],
    ]);
  });
});
