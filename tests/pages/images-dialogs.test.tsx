import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { HttpProgressEvent, VisitOptions } from '@inertiajs/core';
import AddImageDialog from '../../components/images/AddImageDialog';
import RemoveImageDialog from '../../components/images/RemoveImageDialog';
import { IMAGE_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { IMAGE_MESSAGES } from '../../shared/messages';
import { itemImageUrls, type ItemImage, type StockImageResult } from '../../shared/items';

const STOCK: StockImageResult[] = [
  { id: 'campfire', preview: '/image/stock/campfire/preview', full: '/image/stock/campfire' },
  { id: 'summer-camp', preview: '/image/stock/summer-camp/preview', full: '/image/stock/summer-camp' },
];

const IMAGES: ItemImage[] = [
  { ref: 'img000000001', extension: 'jpg', ...itemImageUrls('img000000001') },
  { ref: 'img000000002', extension: 'png', ...itemImageUrls('img000000002') },
];

let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(STOCK));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function user() {
  return userEvent.setup();
}

function searchedQueries(): string[] {
  return fetchSpy.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('q') ?? '');
}

/** The options object of the last call to a mocked router method. */
function lastOptions(spy: { mock: { calls: unknown[][] } }, index: number): VisitOptions {
  return spy.mock.calls.at(-1)![index] as VisitOptions;
}

describe('AddImageDialog', () => {
  it('asks for an image when neither a file nor a stock image was chosen', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    render(<AddImageDialog itemRef="camp123" show onHide={() => {}} />);
    await user().click(screen.getByRole('button', { name: 'Add Image' }));
    expect(screen.getByRole('alert').textContent).toBe(IMAGE_MESSAGES.nothingChosen);
    expect(post).not.toHaveBeenCalled();
  });

  it('accepts JPG and PNG files only and reminds people to upload only images they may use', () => {
    render(<AddImageDialog itemRef="camp123" show onHide={() => {}} />);
    const input = screen.getByLabelText<HTMLInputElement>('Upload an image (JPG or PNG)');
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.jpg', '.jpeg', '.png']));
    expect(input.accept).not.toMatch(/pdf|svg|gif/);
    expect(screen.getByText(IMAGE_MESSAGES.permissionNote)).toBeTruthy();
  });

  it('searches stock images one second after typing stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<AddImageDialog itemRef="camp123" show onHide={() => {}} />);
    await act(async () => {});
    expect(searchedQueries()).toEqual(['']);
    const search = screen.getByRole('searchbox', { name: 'Or choose a stock image' });
    fireEvent.change(search, { target: { value: 'ca' } });
    await act(async () => vi.advanceTimersByTime(IMAGE_SEARCH_DEBOUNCE_MS / 2));
    fireEvent.change(search, { target: { value: 'camp' } });
    await act(async () => vi.advanceTimersByTime(IMAGE_SEARCH_DEBOUNCE_MS - 1));
    expect(searchedQueries()).toEqual(['']);
    await act(async () => vi.advanceTimersByTime(1));
    expect(searchedQueries()).toEqual(['', 'camp']);
    expect(screen.getByRole('radio', { name: 'Summer camp' })).toBeTruthy();
  });

  it('adds the picked stock image by its full URL', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    const onHide = vi.fn();
    render(<AddImageDialog itemRef="camp123" show onHide={onHide} />);
    const u = user();
    await u.click(await screen.findByRole('radio', { name: 'Campfire' }));
    await u.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(post).toHaveBeenCalledWith('/item/camp123/image/external', { image: '/image/stock/campfire' }, expect.objectContaining({ preserveScroll: true }));
    act(() => lastOptions(post, 2).onSuccess?.({} as never));
    expect(onHide).toHaveBeenCalled();
  });

  it('uploads the chosen files as form data and shows the upload progress', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    render(<AddImageDialog itemRef="camp123" show onHide={() => {}} />);
    const u = user();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    await u.upload(screen.getByLabelText('Upload an image (JPG or PNG)'), photo);
    await u.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(post).toHaveBeenCalledWith(
      '/item/camp123/image/upload',
      { imageUpload: [photo] },
      expect.objectContaining({ forceFormData: true, preserveScroll: true }),
    );
    const options = lastOptions(post, 2);
    act(() => options.onProgress?.({ percentage: 40, loaded: 40, total: 100, progress: 0.4 } satisfies HttpProgressEvent));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('40');
  });

  it('shows the server’s image and imageUpload errors as danger alerts', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    render(<AddImageDialog itemRef="camp123" show onHide={() => {}} />);
    const u = user();
    await u.upload(screen.getByLabelText('Upload an image (JPG or PNG)'), new File(['%PDF'], 'notes.jpg', { type: 'image/jpeg' }));
    await u.click(screen.getByRole('button', { name: 'Add Image' }));
    act(() => lastOptions(post, 2).onError?.({ imageUpload: '"notes.jpg" is not a JPG or PNG image' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('"notes.jpg" is not a JPG or PNG image');
    expect(alert.className).toContain('alert-danger');
  });
});

describe('RemoveImageDialog', () => {
  it('asks which image to delete when none is chosen', async () => {
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    render(<RemoveImageDialog itemRef="camp123" images={IMAGES} show onHide={() => {}} />);
    await user().click(screen.getByRole('button', { name: 'Remove Image' }));
    expect(screen.getByRole('alert').textContent).toBe(IMAGE_MESSAGES.nothingToDelete);
    expect(remove).not.toHaveBeenCalled();
  });

  it('shows the item’s images as large thumbnails and deletes the chosen one, keeping the scroll position', async () => {
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    const onHide = vi.fn();
    render(<RemoveImageDialog itemRef="camp123" images={IMAGES} show onHide={onHide} />);
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Image 2' }).getAttribute('src')).toBe('/image/img000000002/large');
    const u = user();
    await u.click(screen.getByRole('radio', { name: 'Image 2' }));
    await u.click(screen.getByRole('button', { name: 'Remove Image' }));
    expect(remove).toHaveBeenCalledWith('/image/img000000002', expect.objectContaining({ preserveScroll: true }));
    act(() => lastOptions(remove, 1).onSuccess?.({} as never));
    expect(onHide).toHaveBeenCalled();
  });

  it('shows a server error under image as a danger alert', async () => {
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    render(<RemoveImageDialog itemRef="camp123" images={IMAGES} show onHide={() => {}} />);
    const u = user();
    await u.click(screen.getByRole('radio', { name: 'Image 1' }));
    await u.click(screen.getByRole('button', { name: 'Remove Image' }));
    act(() => lastOptions(remove, 1).onError?.({ image: 'This image could not be removed' }));
    expect(screen.getByRole('alert').textContent).toBe('This image could not be removed');
  });

  it('says so when the item has no images', () => {
    render(<RemoveImageDialog itemRef="camp123" images={[]} show onHide={() => {}} />);
    expect(screen.getByText('This item has no images.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove Image' }).disabled).toBe(true);
  });
});
