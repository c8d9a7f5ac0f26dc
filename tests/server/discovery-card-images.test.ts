import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import { itemImageUrls, type ItemSummary } from '../../shared/items';
import type { DatabaseHandle } from '../../server/db/client';
import { itemImages, items } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { expectInertia } from '../../server/inertia/testing';

/**
 * Cards show an item's first image (`firstImageRef`: lowest position, then lowest id). Images of the
 * gallery are made before the other items, so image ids run ahead of item ids: a subquery that compared
 * `item_images.item_id` with the image's own id, or an image id with an item id, picks another item's image.
 */
const GALLERY = 'Gallery With Five Images';
const TWO_IMAGES = 'Item With Two Images';
const NO_IMAGES = 'Item Without Images';
const TIED_IMAGES = 'Item With Images At One Position';
const HIDDEN_DRAFT = 'Hidden Draft With An Image';

/** Image refs in the order they were made, by the title of their item; ids of items and images by title/ref. */
const seeded = { imageRefs: {} as Record<string, string[]>, itemIds: {} as Record<string, number>, imageIds: {} as Record<string, number> };

async function newItem(handle: DatabaseHandle, title: string, visibility: number = VISIBILITY.DISCOVERABLE) {
  const [row] = await handle.db
    .insert(items)
    .values({ code: `CI-${Object.keys(seeded.itemIds).length + 1}`, title, visibility })
    .returning({ id: items.id });
  seeded.itemIds[title] = row!.id;
  return row!.id;
}

/** Adds images at these positions, in this order (so ids rise in this order). */
async function addImages(handle: DatabaseHandle, title: string, positions: number[]) {
  for (const position of positions) {
    const [image] = await handle.db
      .insert(itemImages)
      .values({ itemId: seeded.itemIds[title]!, extension: 'png', source: 'stock', storageKey: `stock/${position}.png`, position })
      .returning({ id: itemImages.id, ref: itemImages.ref });
    (seeded.imageRefs[title] ??= []).push(image!.ref);
    seeded.imageIds[image!.ref] = image!.id;
  }
}

async function seed(handle: DatabaseHandle) {
  await seedDemoAccounts(handle);
  await newItem(handle, GALLERY);
  await addImages(handle, GALLERY, [0, 1, 2, 3, 4]);
  await newItem(handle, HIDDEN_DRAFT, VISIBILITY.DRAFT);
  await addImages(handle, HIDDEN_DRAFT, [0]);
  await newItem(handle, TWO_IMAGES);
  // The later image has the lower position: it is the first image, though not the one with the lowest id.
  await addImages(handle, TWO_IMAGES, [2, 1]);
  await newItem(handle, NO_IMAGES);
  await newItem(handle, TIED_IMAGES);
  await addImages(handle, TIED_IMAGES, [0, 0]);
}

const ctx = useTestApp({ seed });

const largeUrlOf = (imageRef: string) => itemImageUrls(imageRef).public_thumbnail_large_url;

async function cardsByTitle(): Promise<Record<string, ItemSummary>> {
  const { response, page } = await visit(ctx.app, '/item');
  expect(response.statusCode).toBe(200);
  expectInertia(page).component('items/Index');
  return Object.fromEntries(page.props.items.data.map((card: ItemSummary) => [card.title, card]));
}

describe('the image on an index card', () => {
  it('is set up so that ids of items and of images collide across items', () => {
    const { itemIds, imageIds, imageRefs } = seeded;
    // An image of the gallery has the id of each other listed item, so comparing ids of the wrong tables shows up.
    const galleryImageIds = imageRefs[GALLERY]!.map((ref) => imageIds[ref]);
    for (const title of [TWO_IMAGES, NO_IMAGES, TIED_IMAGES]) expect(galleryImageIds, title).toContain(itemIds[title]);
    // And an image's item_id equals its own id (the gallery's first), which a self-comparison would pick for every card.
    expect(imageIds[imageRefs[GALLERY]![0]!]).toBe(itemIds[GALLERY]);
  });

  it('is the item’s first image by position, as its large thumbnail URL', async () => {
    const cards = await cardsByTitle();
    const [laterPosition, firstPosition] = seeded.imageRefs[TWO_IMAGES]!;
    expect(cards[TWO_IMAGES]!.image).toBe(largeUrlOf(firstPosition!));
    expect(cards[TWO_IMAGES]!.image).not.toBe(largeUrlOf(laterPosition!));
    expect(cards[GALLERY]!.image).toBe(largeUrlOf(seeded.imageRefs[GALLERY]![0]!));
  });

  it('is the image with the lower id when two share the lowest position', async () => {
    const cards = await cardsByTitle();
    expect(cards[TIED_IMAGES]!.image).toBe(largeUrlOf(seeded.imageRefs[TIED_IMAGES]![0]!));
  });

  it('is missing for an item without images', async () => {
    const cards = await cardsByTitle();
    expect(cards[NO_IMAGES]).toMatchObject({ title: NO_IMAGES, image: null });
  });

  it('never shows an image of another item, listed or not', async () => {
    const cards = await cardsByTitle();
    expect(Object.keys(cards).sort()).toEqual([GALLERY, NO_IMAGES, TIED_IMAGES, TWO_IMAGES].sort());
    for (const [title, card] of Object.entries(cards)) {
      const othersImages = Object.entries(seeded.imageRefs)
        .filter(([owner]) => owner !== title)
        .flatMap(([, refs]) => refs);
      for (const ref of othersImages) expect(JSON.stringify(card), `the card of ${title}`).not.toContain(ref);
    }
  });
});
