import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { Page, VisitHelperOptions } from '@inertiajs/core';
import InlineEditableField, { type InlineEditableFieldProps } from '../../components/inline-edit/InlineEditableField';
import InlineTextArea from '../../components/inline-edit/InlineTextArea';
import { INLINE_DONE_ICON_MS } from '../../components/inline-edit/useInlineEdit';
import { INLINE_ARRAY_MIN_ROWS } from '../../shared/constants';
import { render } from '@testing-library/react';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const ITEM_URL = '/i/campguide01';
function fieldPage(errors: Record<string, string>): Page {
  return { ...pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER, errors }, { url: ITEM_URL }), component: 'test/Field' } as Page;
}

type PatchCall = { url: string; data: unknown; options: VisitHelperOptions };
let patches: PatchCall[];
/** What the server does with the next PATCH: accept it, or refuse it with these field errors. */
let serverAnswer: { errors: Record<string, string> } | 'saved' | 'pending';

beforeEach(() => {
  patches = [];
  serverAnswer = 'saved';
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  vi.spyOn(router, 'patch').mockImplementation((url, data = {}, options = {}) => {
    patches.push({ url: String(url), data, options });
    if (serverAnswer === 'pending') return;
    if (serverAnswer === 'saved') {
      options.onSuccess?.({} as never);
      options.onFinish?.({} as never);
      return;
    }
    // As after a redirect back with errors: props.errors hold them (see renderField), then onError runs.
    options.onError?.(serverAnswer.errors);
    options.onFinish?.({} as never);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function renderField(props: Partial<InlineEditableFieldProps> = {}) {
  const Field = () => <InlineEditableField field="title" label="Title" value="Camp Guide" {...props} />;
  // The page carries the errors the refused save will have put into props.errors after its redirect back.
  await renderInertiaPage(fieldPage(typeof serverAnswer === 'object' ? serverAnswer.errors : {}), Field);
}

const editButton = (label = 'Title') => screen.getByRole('button', { name: `Edit ${label}` });

describe('read and edit modes', () => {
  it('shows the value with an edit button, and an input with Save and Cancel after clicking it', async () => {
    await renderField();
    expect(screen.getByText('Camp Guide')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();

    await userEvent.click(editButton());
    const input = await screen.findByRole('textbox', { name: 'Title' });
    expect((input as HTMLInputElement).value).toBe('Camp Guide');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('button', { name: 'Save Title' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel editing Title' })).toBeTruthy();
  });

  it('enters edit mode when the value itself is clicked', async () => {
    await renderField();
    await userEvent.click(screen.getByText('Camp Guide'));
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy();
  });

  it('offers no editing when not editable', async () => {
    await renderField({ editable: false });
    expect(screen.queryByRole('button', { name: 'Edit Title' })).toBeNull();
    await userEvent.click(screen.getByText('Camp Guide'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('saving', () => {
  it('sends a PATCH of the field to the current page URL with Enter, keeping the scroll position', async () => {
    await renderField();
    await userEvent.click(editButton());
    const input = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Camp Guide 2{Enter}');

    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ url: ITEM_URL, data: { title: 'Camp Guide 2' }, options: { preserveScroll: true } });
  });

  it('saves with the check button to a given URL, leaves edit mode and briefly shows the done icon', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderField({ url: '/i/other' });
    await userEvent.click(editButton());
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save Title' }));

    expect(patches[0]).toMatchObject({ url: '/i/other', data: { title: 'Camp Guide!' } });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('img', { name: 'Title saved' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(INLINE_DONE_ICON_MS));
    expect(screen.queryByRole('img', { name: 'Title saved' })).toBeNull();
  });

  it('uses an injected save function instead of the PATCH', async () => {
    const save = vi.fn();
    await renderField({ save });
    await userEvent.click(editButton());
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '{Enter}');
    expect(save).toHaveBeenCalledWith('Camp Guide', expect.objectContaining({ onSuccess: expect.any(Function), onError: expect.any(Function) }));
    expect(patches).toHaveLength(0);
  });

  it('disables Save while the request is under way', async () => {
    serverAnswer = 'pending';
    await renderField();
    await userEvent.click(editButton());
    await userEvent.click(screen.getByRole('button', { name: 'Save Title' }));
    expect((screen.getByRole('button', { name: 'Save Title' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '{Enter}');
    expect(patches).toHaveLength(1);
  });

  it('shows the server’s error under the input, linked for assistive technology, and stays in edit mode', async () => {
    serverAnswer = { errors: { title: 'The title is required.' } };
    await renderField();
    await userEvent.click(editButton());
    const input = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(input);
    await userEvent.type(input, '{Enter}');

    const error = await screen.findByText('The title is required.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('img', { name: 'Title saved' })).toBeNull();
  });

  it('shows only its own field’s error', async () => {
    serverAnswer = { errors: { topic: 'Too long' } };
    await renderField();
    await userEvent.click(editButton());
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '{Enter}');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(screen.queryByText('Too long')).toBeNull();
  });
});

describe('cancelling', () => {
  it('resets the value and leaves edit mode with Escape, without saving', async () => {
    await renderField();
    await userEvent.click(editButton());
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' changed{Escape}');

    expect(screen.queryByRole('textbox')).toBeNull();
    expect(patches).toHaveLength(0);
    await userEvent.click(editButton());
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Camp Guide');
  });

  it('does the same with the close button', async () => {
    await renderField();
    await userEvent.click(editButton());
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' changed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing Title' }));
    expect(screen.getByText('Camp Guide')).toBeTruthy();
    expect(patches).toHaveLength(0);
  });

  it('hides an earlier error when editing starts again', async () => {
    serverAnswer = { errors: { title: 'The title is required.' } };
    await renderField();
    await userEvent.click(editButton());
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '{Enter}');
    await screen.findByText('The title is required.');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(editButton());
    expect(screen.queryByText('The title is required.')).toBeNull();
  });
});

describe('text areas and arrays', () => {
  it('in textarea mode Enter starts a new line and only the check button saves', async () => {
    await renderField({ field: 'blurb', label: 'Blurb', value: 'First line', mode: 'textarea' });
    await userEvent.click(editButton('Blurb'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Blurb' }), '{Enter}Second line');
    expect(patches).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save Blurb' }));
    expect(patches[0]?.data).toEqual({ blurb: 'First line\nSecond line' });
  });

  it('in textarea mode Escape still cancels', async () => {
    await renderField({ field: 'blurb', label: 'Blurb', value: 'First line', mode: 'textarea' });
    await userEvent.click(editButton('Blurb'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Blurb' }), 'x{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(patches).toHaveLength(0);
  });

  it('in array mode edits one entry per line, drops empty lines and shows at least the minimum rows', async () => {
    await renderField({ field: 'authors', label: 'Authors', value: ['Ann Lee', 'Bo Chen'], mode: 'array', minRows: 1 });
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    await userEvent.click(editButton('Authors'));
    const area = screen.getByRole('textbox', { name: 'Authors' }) as HTMLTextAreaElement;
    expect(area.value).toBe('Ann Lee\nBo Chen');
    expect(area.getAttribute('rows')).toBe(String(INLINE_ARRAY_MIN_ROWS));

    await userEvent.type(area, '{Enter}{Enter}  Cy Diaz  {Enter}');
    expect(patches).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save Authors' }));
    expect(patches[0]?.data).toEqual({ authors: ['Ann Lee', 'Bo Chen', 'Cy Diaz'] });
  });

  it('grows a text area with its lines up to maxRows', async () => {
    await renderField({ field: 'blurb', label: 'Blurb', value: 'a\nb\nc\nd\ne\nf', mode: 'textarea', minRows: 2, maxRows: 4 });
    await userEvent.click(editButton('Blurb'));
    expect(screen.getByRole('textbox', { name: 'Blurb' }).getAttribute('rows')).toBe('4');
  });

  it('refuses row limits that are not positive', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [minRows, maxRows] of [
      [0, 3],
      [2, 0],
      [3, 2],
      [1.5, 3],
    ]) {
      expect(() => render(<InlineTextArea aria-label="Notes" value="" onChange={() => {}} minRows={minRows!} maxRows={maxRows!} />)).toThrow(RangeError);
    }
  });
});

describe('integers and selects', () => {
  it('edits an integer in a number input with step 1 and sends a number', async () => {
    await renderField({ field: 'minimum_access_level', label: 'Minimum access level', value: 2, mode: 'integer' });
    await userEvent.click(editButton('Minimum access level'));
    const input = screen.getByRole('spinbutton', { name: 'Minimum access level' }) as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.step).toBe('1');
    await userEvent.clear(input);
    await userEvent.type(input, '4{Enter}');
    expect(patches[0]?.data).toEqual({ minimum_access_level: 4 });
  });

  it('shows Loading... until a select has its options', async () => {
    await renderField({ field: 'visibility', label: 'Visibility', value: '10', mode: 'select', options: null });
    await userEvent.click(editButton('Visibility'));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows a select’s value by its label and saves the chosen option', async () => {
    const options = [
      { value: '10', label: 'Draft' },
      { value: '50', label: 'Discoverable' },
    ];
    await renderField({ field: 'visibility', label: 'Visibility', value: '10', mode: 'select', options, required: true });
    expect(screen.getByText('Draft')).toBeTruthy();
    await userEvent.click(editButton('Visibility'));
    const select = screen.getByRole('combobox', { name: 'Visibility' });
    expect(screen.queryByRole('option', { name: '(none)' })).toBeNull();
    await userEvent.selectOptions(select, 'Discoverable');
    await userEvent.click(screen.getByRole('button', { name: 'Save Visibility' }));
    expect(patches[0]?.data).toEqual({ visibility: '50' });
  });

  it('shows Loading... in a multiselect too, then saves the chosen values as a list', async () => {
    await renderField({ field: 'tags', label: 'Topics', value: ['g'], mode: 'multiselect', options: undefined });
    await userEvent.click(editButton('Topics'));
    expect(screen.getByText('Loading...')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
  });

  it('saves a multiselect as a list, and cannot save a required one empty', async () => {
    const options = [
      { value: 'g', label: 'Games' },
      { value: 'p', label: 'Prayer' },
    ];
    await renderField({ field: 'tags', label: 'Topics', value: ['g'], mode: 'multiselect', options, required: true });
    expect(screen.getByText('Games')).toBeTruthy();
    await userEvent.click(editButton('Topics'));
    const select = screen.getByRole('listbox', { name: 'Topics' });
    await userEvent.selectOptions(select, 'Prayer');
    await userEvent.click(screen.getByRole('button', { name: 'Save Topics' }));
    expect(patches[0]?.data).toEqual({ tags: ['g', 'p'] });
  });

  it('disables Save of a required multiselect with nothing chosen', async () => {
    const options = [{ value: 'g', label: 'Games' }];
    await renderField({ field: 'tags', label: 'Topics', value: ['g'], mode: 'multiselect', options, required: true });
    await userEvent.click(editButton('Topics'));
    await userEvent.deselectOptions(screen.getByRole('listbox', { name: 'Topics' }), 'Games');
    expect((screen.getByRole('button', { name: 'Save Topics' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
