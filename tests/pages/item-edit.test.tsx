import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { Page } from '@inertiajs/core';
import type { ReactElement } from 'react';
import CharacteristicEditor from '../../components/item-edit/CharacteristicEditor';
import ItemEditActions, { DELETE_ITEM_CONFIRMATION } from '../../components/item-edit/ItemEditActions';
import MaintainerPicker from '../../components/item-edit/MaintainerPicker';
import TaxonomyTagsEditor from '../../components/item-edit/TaxonomyTagsEditor';
import VisibilityControl from '../../components/item-edit/VisibilityControl';
import { USER_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { VISIBILITY } from '../../shared/enums';
import type { ItemCharacteristic, Tag, Taxonomy } from '../../shared/items';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

type Call = { method: string; url: string; data: unknown };
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  for (const method of ['patch', 'post'] as const) {
    vi.spyOn(router, method).mockImplementation((url, data = {}, options = {}) => {
      calls.push({ method, url: String(url), data });
      options.onSuccess?.({} as never);
      options.onFinish?.({} as never);
    });
  }
  vi.spyOn(router, 'delete').mockImplementation((url) => {
    calls.push({ method: 'delete', url: String(url), data: null });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function renderOnItemPage(element: ReactElement, errors: Record<string, string> = {}) {
  const page = { ...pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER, errors }, { url: '/i/item1' }), component: 'test/ItemEdit' } as Page;
  await renderInertiaPage(page, () => element);
}

describe('VisibilityControl', () => {
  it('gives admins a select of every visibility by label, saving the chosen state', async () => {
    await renderOnItemPage(
      <VisibilityControl itemRef="item1" visibility={VISIBILITY.PENDING} editable={{ visibility: true, submitForPublishing: false, revertToDraft: false }} />,
    );
    expect(screen.getByText('Pending')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Visibility' }));
    const select = await screen.findByRole('combobox', { name: 'Visibility' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Draft', 'Pending', 'Unpublished', 'Unlisted', 'Discoverable']);

    await userEvent.selectOptions(select, 'Discoverable');
    await userEvent.click(screen.getByRole('button', { name: 'Save Visibility' }));
    expect(calls).toEqual([{ method: 'patch', url: '/i/item1', data: { visibility: String(VISIBILITY.DISCOVERABLE) } }]);
  });

  it('gives a maintainer of a draft only Submit for Publishing', async () => {
    await renderOnItemPage(
      <VisibilityControl itemRef="item1" visibility={VISIBILITY.DRAFT} editable={{ visibility: false, submitForPublishing: true, revertToDraft: false }} />,
    );
    expect(screen.queryByRole('button', { name: 'Edit Visibility' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revert to Draft' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Publishing' }));
    expect(calls).toEqual([{ method: 'patch', url: '/i/item1', data: { visibility: VISIBILITY.PENDING } }]);
  });

  it('gives a maintainer of a pending item Revert to Draft', async () => {
    await renderOnItemPage(
      <VisibilityControl itemRef="item1" visibility={VISIBILITY.PENDING} editable={{ visibility: false, submitForPublishing: false, revertToDraft: true }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Revert to Draft' }));
    expect(calls).toEqual([{ method: 'patch', url: '/i/item1', data: { visibility: VISIBILITY.DRAFT } }]);
  });
});

describe('MaintainerPicker', () => {
  const found = [{ ref: 'user2', nameAndContactForDisplay: 'Sarah Okafor <leader@example.org>' }];

  it('searches once typing pauses for the debounce time, and hands the item to the picked user', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const searchUsers = vi.fn(async () => found);
    await renderOnItemPage(
      <MaintainerPicker itemRef="item1" maintainer={{ name: 'James Whitfield', email: 'staff@example.org' }} editable searchUsers={searchUsers} />,
    );
    expect(screen.getByText('James Whitfield <staff@example.org>')).toBeTruthy();

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Change maintainer' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users by name or e-mail' }), 'sar');
    expect(searchUsers).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(USER_SEARCH_DEBOUNCE_MS));
    expect(searchUsers).toHaveBeenCalledTimes(1);
    expect(searchUsers).toHaveBeenCalledWith('sar');

    await user.click(await screen.findByRole('button', { name: 'Sarah Okafor <leader@example.org>' }));
    expect(calls).toEqual([{ method: 'patch', url: '/i/item1', data: { created_by_user_ref: 'user2' } }]);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('offers no change to those who may not reassign', async () => {
    await renderOnItemPage(<MaintainerPicker itemRef="item1" maintainer={{ name: 'James Whitfield', email: null }} editable={false} />);
    expect(screen.getByText('James Whitfield')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change maintainer' })).toBeNull();
  });
});

const tag = (ref: string, label: string): Tag => ({ ref, label, parentLabel: null, parentRef: null, fullLabel: label, force_show_in_filtering: false });
const taxonomy = (ref: string, title: string, required: boolean, multiselect: boolean, tags: Tag[]): Taxonomy => ({
  ref,
  title,
  usage_note: '',
  required,
  multiselect,
  public: true,
  show_in_filtering: true,
  tags,
});

describe('TaxonomyTagsEditor', () => {
  const type = taxonomy('tx1', 'Type', true, false, [tag('t1', 'Resource'), tag('t2', 'Training')]);
  const topic = taxonomy('tx2', 'Topic', false, true, [tag('t3', 'Games'), tag('t4', 'Prayer')]);
  const age = taxonomy('tx3', 'Age', false, false, [tag('t5', 'Kids')]);

  it('shows the item’s tags per taxonomy and posts the whole choice of one taxonomy', async () => {
    await renderOnItemPage(
      <TaxonomyTagsEditor itemRef="item1" taxonomies={[type, topic, age]} itemTags={[tag('t1', 'Resource'), tag('t3', 'Games')]} editable />,
    );
    expect(screen.getByText('Resource')).toBeTruthy();
    expect(screen.getByText('Games')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Topic' }));
    await userEvent.selectOptions(screen.getByRole('listbox', { name: 'Topic' }), 'Prayer');
    await userEvent.click(screen.getByRole('button', { name: 'Save Topic' }));
    expect(calls).toEqual([{ method: 'post', url: '/i/item1/taxonomy/tx2', data: { tags: ['t3', 't4'] } }]);
  });

  it('offers no empty choice for a required taxonomy, and lets an optional one be emptied', async () => {
    await renderOnItemPage(<TaxonomyTagsEditor itemRef="item1" taxonomies={[type, age]} itemTags={[tag('t1', 'Resource'), tag('t5', 'Kids')]} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Type' }));
    expect(within(screen.getByRole('combobox', { name: 'Type' })).queryByRole('option', { name: '(none)' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Age' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Age' }), '(none)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Age' }));
    expect(calls).toEqual([{ method: 'post', url: '/i/item1/taxonomy/tx3', data: { tags: [] } }]);
  });

  it('shows the server’s refusal under the taxonomy', async () => {
    const refusing = vi.spyOn(router, 'post').mockImplementation((_url, _data, options = {}) => {
      options.onError?.({});
      options.onFinish?.({} as never);
    });
    await renderOnItemPage(<TaxonomyTagsEditor itemRef="item1" taxonomies={[age]} itemTags={[]} editable />, { 'taxonomy-tx3': 'Age takes only one tag.' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Age' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Age' }));
    expect(refusing).toHaveBeenCalled();
    expect(screen.getByText('Age takes only one tag.')).toBeTruthy();
  });
});

describe('CharacteristicEditor', () => {
  const characteristic = (format: string, value: string | null, minimum: number | null = null): ItemCharacteristic => ({
    ref: 'ch1',
    title: 'Value',
    format,
    minimum,
    usage_note: '',
    public: true,
    value,
  });

  it('edits an integer characteristic in a number input and saves it under characteristic-{ref}', async () => {
    await renderOnItemPage(<CharacteristicEditor itemRef="item1" characteristic={characteristic('integer', '30')} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Value' }));
    const input = screen.getByRole('spinbutton', { name: 'Value' });
    await userEvent.clear(input);
    await userEvent.type(input, '45{Enter}');
    expect(calls).toEqual([{ method: 'patch', url: '/i/item1', data: { 'characteristic-ch1': 45 } }]);
  });

  it('offers the minimum on the number input and still sends a lower value, so the server explains the rule', async () => {
    await renderOnItemPage(<CharacteristicEditor itemRef="item1" characteristic={characteristic('integer', '30', 0)} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Value' }));
    const input = screen.getByRole('spinbutton', { name: 'Value' }) as HTMLInputElement;
    expect(input.min).toBe('0');
    await userEvent.clear(input);
    await userEvent.type(input, '-5{Enter}');
    expect(calls).toEqual([{ method: 'patch', url: '/i/item1', data: { 'characteristic-ch1': -5 } }]);
  });

  it('edits a yes/no characteristic with a select showing Yes or No', async () => {
    await renderOnItemPage(<CharacteristicEditor itemRef="item1" characteristic={characteristic('boolean', 'true')} editable />);
    expect(screen.getByText('Yes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Value' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Value' }), 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Save Value' }));
    expect(calls).toEqual([{ method: 'patch', url: '/i/item1', data: { 'characteristic-ch1': 'false' } }]);
  });

  it('uses a URL input for web links and removes a value with the delete button', async () => {
    await renderOnItemPage(<CharacteristicEditor itemRef="item1" characteristic={characteristic('url', 'https://example.org')} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Value' }));
    expect(calls).toEqual([{ method: 'delete', url: '/i/item1/characteristic/ch1', data: null }]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Value' }));
    expect((screen.getByRole('textbox', { name: 'Value' }) as HTMLInputElement).type).toBe('url');
  });

  it('offers no delete button while there is no value', async () => {
    await renderOnItemPage(<CharacteristicEditor itemRef="item1" characteristic={characteristic('text', null)} editable />);
    expect(screen.queryByRole('button', { name: 'Remove Value' })).toBeNull();
  });
});

describe('ItemEditActions', () => {
  it('duplicates with a POST and deletes with a DELETE only after confirmation', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    await renderOnItemPage(<ItemEditActions itemRef="item1" can={{ duplicate: true, delete: true }} confirm={confirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith(DELETE_ITEM_CONFIRMATION);
    expect(calls).toEqual([
      { method: 'post', url: '/i/item1', data: {} },
      { method: 'delete', url: '/i/item1', data: null },
    ]);
  });

  it('shows only the actions the viewer may take', async () => {
    await renderOnItemPage(<ItemEditActions itemRef="item1" can={{ duplicate: true, delete: false }} />);
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
