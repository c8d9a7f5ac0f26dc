import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DatabaseHandle } from '../../server/db/client';
import { contents, items } from '../../server/db/schema';
import { seedDemoLibrary } from '../../server/db/seed';
import { plantContentFiles } from '../../server/db/seed/content-files';
import { itemFolderName } from '../../server/drive/naming';
import { temporaryLocalDrive } from '../support/app';
import { freshDatabase } from '../support/database';

let handle: DatabaseHandle;
let drive: Awaited<ReturnType<typeof temporaryLocalDrive>>;

beforeAll(async () => {
  handle = await freshDatabase();
  drive = await temporaryLocalDrive();
  await seedDemoLibrary(handle.db, { items: 6, referenceDate: new Date('2025-06-01T00:00:00Z') });
});
afterAll(async () => {
  await handle?.close();
  await drive?.remove();
});

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('demo content files', () => {
  it('plants a file in the item’s folder for every content row of the items it is given, and no others', async () => {
    const itemRows = await handle.db.select().from(items).orderBy(asc(items.id));
    const [first, second] = itemRows;
    const planted = await plantContentFiles(handle.db, drive.drive, [first!.id, second!.id]);

    const withFiles = await handle.db.select().from(contents).where(eq(contents.itemId, first!.id));
    expect(planted.files).toBeGreaterThan(0);
    for (const row of withFiles) {
      const entry = await drive.drive.get(row.googleDriveFileId!);
      const [item] = await handle.db.select().from(items).where(eq(items.id, first!.id));
      expect(entry.parentId).toBe(item!.googleDriveFolderId);
      expect((await drive.drive.get(item!.googleDriveFolderId!)).name).toBe(itemFolderName(item!));
      expect(row.sizeBytes).toBe(entry.size);
      const bytes = await readAll((await drive.drive.download(entry.id)).body);
      if (row.format === 'text') expect(bytes.toString()).toContain(row.label);
      else expect((await fileTypeFromBuffer(bytes))?.ext).toBe('pdf');
    }
    const untouched = await handle.db.select({ itemId: contents.itemId }).from(contents).where(isNull(contents.googleDriveFileId));
    expect(untouched.length).toBeGreaterThan(0);
    expect(untouched.every((row) => row.itemId !== first!.id && row.itemId !== second!.id)).toBe(true);

    // Planting again finds nothing left to do.
    expect(await plantContentFiles(handle.db, drive.drive, [first!.id])).toEqual({ folders: 0, files: 0 });
  });
});
