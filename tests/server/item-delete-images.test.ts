import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { itemImages, trashEntries } from '../../server/db/schema';
import { prepareUpload } from '../../server/features/images/processing';
import { orphanedImageFiles } from '../../server/features/drive-health/image-files';
import { imagesDirIn, localImageStore } from '../../server/features/images/storage';
import { addUploadedImages } from '../../server/features/images/uploads';
import { useSessionTestApp } from '../support/sessions';
import { pngImage } from '../fixtures/images/files';
import { ADMIN, MAINTAINER, createItem, itemRow, seedEditingLibrary, send } from './item-editing-fixtures';

const dataDir = mkdtempSync(path.join(tmpdir(), 'equip-item-delete-'));
const store = localImageStore(imagesDirIn(dataDir));
const uploadsDir = path.join(imagesDirIn(dataDir), 'uploads');

const context = useSessionTestApp({ seed: seedEditingLibrary, env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const { db, as } = context;

/** An item with two uploaded images and a stock one; answers the item and its images' refs. */
async function itemWithImages(options: Parameters<typeof createItem>[1] = {}) {
  const item = await createItem(db(), options);
  const prepared = [];
  for (const name of ['first.png', 'second.png']) {
    const check = await prepareUpload(name, await pngImage());
    if (!check.ok) throw new Error(check.message);
    prepared.push(check.image);
  }
  await addUploadedImages(db(), store, item.id, prepared);
  await db().insert(itemImages).values({ itemId: item.id, extension: 'png', source: 'stock', storageKey: 'stock/campfire.png', position: 5 });
  const images = await db().select({ ref: itemImages.ref, source: itemImages.source }).from(itemImages).where(eq(itemImages.itemId, item.id));
  const uploadRefs = images.filter((image) => image.source === 'upload').map((image) => image.ref);
  return { item, uploadRefs };
}

function storedFilesOf(imageRefs: readonly string[]): string[] {
  return readdirSync(uploadsDir)
    .filter((name) => imageRefs.some((ref) => name.startsWith(`${ref}.`)))
    .sort();
}

/** Deletes the item (unless it is in the trash already), then its trash entry for good, as an admin does on /admin/trash. */
async function deleteForGood(item: { id: number; ref: string }, deleteAs: string | null = ADMIN): Promise<void> {
  if (deleteAs) expect((await send(context.app, await as(deleteAs), 'DELETE', `/i/${item.ref}`)).statusCode).toBe(303);
  const [entry] = await db()
    .select({ ref: trashEntries.ref })
    .from(trashEntries)
    .where(and(eq(trashEntries.kind, 'item'), eq(trashEntries.subjectId, item.id)));
  expect((await send(context.app, await as(ADMIN), 'DELETE', `/admin/trash/${entry!.ref}`)).statusCode).toBe(303);
}

describe('DELETE /i/{ref} and the item’s image files', () => {
  it('keeps the files while the item is in the trash, and removes its uploads (originals and thumbnails) when it goes for good, no one else’s', async () => {
    const doomed = await itemWithImages({ visibility: VISIBILITY.DRAFT });
    const kept = await itemWithImages({ visibility: VISIBILITY.DISCOVERABLE });
    expect(storedFilesOf(doomed.uploadRefs)).toHaveLength(4);

    const response = await send(context.app, await as(MAINTAINER), 'DELETE', `/i/${doomed.item.ref}`);
    expect(response.statusCode).toBe(303);
    expect(await itemRow(db(), doomed.item.id)).toBeUndefined();
    expect(storedFilesOf(doomed.uploadRefs)).toHaveLength(4);
    // Files of a trashed item's images are no orphans: their rows may come back.
    const check = { db: db(), drive: context.drive, imagesDir: imagesDirIn(dataDir), now: new Date(), organisationLevel: 2 as const };
    expect(await orphanedImageFiles(check)).toContain('No problems found');

    await deleteForGood(doomed.item, null);
    expect(storedFilesOf(doomed.uploadRefs)).toEqual([]);
    expect(storedFilesOf(kept.uploadRefs)).toHaveLength(4);
  });

  it('keeps the shared stock picture', async () => {
    const { item } = await itemWithImages();
    await deleteForGood(item);
    const stock = await context.app.inject({ method: 'GET', url: '/image/stock/campfire' });
    expect(stock.statusCode).toBe(200);
  });

  it('keeps the files when the delete is rolled back', async () => {
    const { item, uploadRefs } = await itemWithImages();
    await db().execute(sql`
      create function refuse_item_delete() returns trigger language plpgsql as $$
      begin
        raise exception 'forced failure';
      end $$`);
    await db().execute(sql`create trigger refuse_item_delete before delete on items for each row execute function refuse_item_delete()`);
    try {
      const response = await send(context.app, await as(ADMIN), 'DELETE', `/i/${item.ref}`);
      expect(response.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_item_delete on items`);
      await db().execute(sql`drop function refuse_item_delete()`);
    }
    expect(await itemRow(db(), item.id)).toBeDefined();
    expect(storedFilesOf(uploadRefs)).toHaveLength(4);
    expect((await db().select().from(itemImages).where(eq(itemImages.itemId, item.id))).length).toBe(3);
  });
});
