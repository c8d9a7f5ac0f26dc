/**
 * The drive port's contract: what every adapter (local, google) must do the same way. Each adapter's test
 * file calls `describeDriveContract` with a setup that gives a drive whose root folder is new and empty.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriveExportUnavailableError, DriveNotFoundError, FOLDER_MIME_TYPE, type DriveDownload, type DrivePort } from '../../../server/drive/port';

export interface DriveContractSubject {
  drive: DrivePort;
  close(): Promise<void>;
}

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TEXT_BYTES = Buffer.from('Songs for the summer camp\n');

export async function bytesOf(download: DriveDownload): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of download.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function describeDriveContract(name: string, setup: () => Promise<DriveContractSubject>) {
  describe(`drive contract: ${name}`, () => {
    let subject: DriveContractSubject;
    let drive: DrivePort;
    let root: string;

    beforeAll(async () => {
      subject = await setup();
      drive = subject.drive;
      root = await drive.rootFolderId();
    });
    afterAll(async () => {
      await subject?.close();
    });

    const uploadPdf = (parentId: string, fileName = 'Leader guide.pdf') =>
      drive.upload({ name: fileName, mimeType: 'application/pdf', parentId, body: PDF_BYTES, size: PDF_BYTES.length });

    it('has a root folder that starts empty', async () => {
      const entry = await drive.get(root);
      expect(entry).toMatchObject({ id: root, mimeType: FOLDER_MIME_TYPE, format: 'google_folder', size: null });
      expect(await drive.list(root)).toEqual([]);
    });

    it('creates folders in the root folder by default, and in any folder it is given', async () => {
      const outer = await drive.createFolder('W-1001 Holiday club');
      const inner = await drive.createFolder('Handouts', outer.id);
      expect(outer).toMatchObject({ name: 'W-1001 Holiday club', mimeType: FOLDER_MIME_TYPE, format: 'google_folder', parentId: root, size: null });
      expect(inner.parentId).toBe(outer.id);
      expect((await drive.get(inner.id)).name).toBe('Handouts');
      expect(outer.webViewUrl).not.toBe('');
      expect(outer.modifiedAt).toBeInstanceOf(Date);
      expect(outer.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    });

    it('uploads a file from a buffer and gives back the same bytes, name and type', async () => {
      const folder = await drive.createFolder('Upload from buffer');
      const uploaded = await uploadPdf(folder.id);
      expect(uploaded).toMatchObject({ name: 'Leader guide.pdf', mimeType: 'application/pdf', format: 'pdf', size: PDF_BYTES.length, parentId: folder.id });
      expect(await drive.get(uploaded.id)).toMatchObject({ id: uploaded.id, name: 'Leader guide.pdf', format: 'pdf', size: PDF_BYTES.length });
      const download = await drive.download(uploaded.id);
      expect(download).toMatchObject({ name: 'Leader guide.pdf', mimeType: 'application/pdf' });
      expect(await bytesOf(download)).toEqual(PDF_BYTES);
    });

    it('uploads a file from a stream of unknown length', async () => {
      const folder = await drive.createFolder('Upload from stream');
      const parts = [Buffer.from('line one\n'), Buffer.from('line two\n')];
      const uploaded = await drive.upload({ name: 'notes.txt', mimeType: 'text/plain', parentId: folder.id, body: Readable.from(parts) });
      expect(uploaded).toMatchObject({ format: 'text', size: Buffer.concat(parts).length });
      expect(await bytesOf(await drive.download(uploaded.id))).toEqual(Buffer.concat(parts));
    });

    it('lists only the direct children of a folder, by name', async () => {
      const folder = await drive.createFolder('Listing');
      const sub = await drive.createFolder('b sub-folder', folder.id);
      await uploadPdf(folder.id, 'c guide.pdf');
      await uploadPdf(folder.id, 'a intro.pdf');
      await uploadPdf(sub.id, 'nested.pdf');
      const listed = await drive.list(folder.id);
      expect(listed.map((entry) => entry.name)).toEqual(['a intro.pdf', 'b sub-folder', 'c guide.pdf']);
      expect(listed.every((entry) => entry.parentId === folder.id)).toBe(true);
    });

    it('renames and moves files and folders, keeping their ids', async () => {
      const from = await drive.createFolder('Move from');
      const to = await drive.createFolder('Move to');
      const file = await uploadPdf(from.id, 'old name.pdf');
      const renamed = await drive.rename(file.id, 'new name.pdf');
      expect(renamed).toMatchObject({ id: file.id, name: 'new name.pdf', parentId: from.id });
      const moved = await drive.move(file.id, to.id);
      expect(moved).toMatchObject({ id: file.id, name: 'new name.pdf', parentId: to.id });
      expect(await drive.list(from.id)).toEqual([]);
      expect((await drive.list(to.id)).map((entry) => entry.id)).toEqual([file.id]);
      const movedFolder = await drive.move(from.id, to.id);
      expect(movedFolder.parentId).toBe(to.id);
      expect(await bytesOf(await drive.download(file.id))).toEqual(PDF_BYTES);
    });

    it('answers DriveNotFoundError for ids it does not know', async () => {
      await expect(drive.get('unknownFileId0000000000')).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.list('unknownFolderId00000000')).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.download('unknownFileId0000000000')).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.rename('unknownFileId0000000000', 'x')).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.createFolder('Orphan', 'unknownFolderId00000000')).rejects.toBeInstanceOf(DriveNotFoundError);
    });

    it('removes a file, and a folder with everything in it; an unknown id is not an error', async () => {
      const folder = await drive.createFolder('To remove');
      const file = await uploadPdf(folder.id);
      const inner = await drive.createFolder('Inner', folder.id);
      const nested = await uploadPdf(inner.id, 'nested.pdf');
      const kept = await uploadPdf(root, 'kept.pdf');

      await drive.remove(file.id);
      await expect(drive.get(file.id)).rejects.toBeInstanceOf(DriveNotFoundError);
      expect((await drive.list(folder.id)).map((entry) => entry.id)).toEqual([inner.id]);

      await drive.remove(folder.id);
      await expect(drive.get(folder.id)).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.get(nested.id)).rejects.toBeInstanceOf(DriveNotFoundError);
      expect((await drive.get(kept.id)).name).toBe('kept.pdf');
      await expect(drive.remove(folder.id)).resolves.toBeUndefined();
    });

    it('moves a folder with everything in it to the bin and back, bytes and all; an unknown id is not in the bin', async () => {
      const folder = await drive.createFolder('W-2002 To the bin');
      const inner = await drive.createFolder('Inner', folder.id);
      const file = await uploadPdf(inner.id, 'binned.pdf');

      await drive.trash(folder.id);
      await expect(drive.get(folder.id)).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.get(file.id)).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.download(file.id)).rejects.toBeInstanceOf(DriveNotFoundError);
      expect((await drive.list(root)).map((entry) => entry.id)).not.toContain(folder.id);
      await expect(drive.trash('unknownUnknownUnknown01')).resolves.toBeUndefined();

      await drive.untrash(folder.id);
      expect((await drive.list(root)).map((entry) => entry.id)).toContain(folder.id);
      expect((await drive.list(inner.id)).map((entry) => entry.name)).toEqual(['binned.pdf']);
      expect(await bytesOf(await drive.download(file.id))).toEqual(PDF_BYTES);

      await drive.trash(folder.id);
      await drive.remove(folder.id);
      await expect(drive.get(folder.id)).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.untrash('unknownUnknownUnknown02')).rejects.toBeInstanceOf(DriveNotFoundError);
    });

    it('exports a PDF as itself and refuses to export what it cannot convert', async () => {
      const folder = await drive.createFolder('Exports');
      const pdf = await uploadPdf(folder.id);
      const text = await drive.upload({ name: 'words.txt', mimeType: 'text/plain', parentId: folder.id, body: TEXT_BYTES });
      const video = await drive.upload({ name: 'clip.mp4', mimeType: 'video/mp4', parentId: folder.id, body: Buffer.from('not really a video') });
      expect(drive.canExportPdf(pdf)).toBe(true);
      expect(drive.canExportPdf(video)).toBe(false);
      const exported = await drive.exportPdf(pdf.id);
      expect(exported.mimeType).toBe('application/pdf');
      expect(await bytesOf(exported)).toEqual(PDF_BYTES);
      await expect(drive.exportPdf(video.id)).rejects.toBeInstanceOf(DriveExportUnavailableError);
      // Each subject is set up without a document converter: plain text cannot become a PDF.
      expect(drive.canExportPdf(text)).toBe(false);
      await expect(drive.exportPdf(text.id)).rejects.toBeInstanceOf(DriveExportUnavailableError);
    });

    it('adds, lists and removes sharing permissions', async () => {
      const folder = await drive.createFolder('Shared');
      const wide = (await drive.listPermissions(folder.id)).filter((p) => p.type === 'anyone' || p.type === 'domain');
      expect(wide).toEqual([]);
      const anyone = await drive.addPermission(folder.id, { type: 'anyone', role: 'reader' });
      const person = await drive.addPermission(folder.id, { type: 'user', role: 'writer', emailAddress: 'leader@example.org' });
      expect(anyone).toMatchObject({ type: 'anyone', role: 'reader' });
      expect(anyone.id).not.toBe('');
      const listed = await drive.listPermissions(folder.id);
      expect(listed).toContainEqual(expect.objectContaining({ id: anyone.id, type: 'anyone', role: 'reader' }));
      expect(listed).toContainEqual(expect.objectContaining({ id: person.id, type: 'user', role: 'writer', emailAddress: 'leader@example.org' }));

      await drive.removePermission(folder.id, anyone.id);
      const after = await drive.listPermissions(folder.id);
      expect(after.map((p) => p.id)).not.toContain(anyone.id);
      expect(after.map((p) => p.id)).toContain(person.id);
      await expect(drive.listPermissions('unknownFileId0000000000')).rejects.toBeInstanceOf(DriveNotFoundError);
    });

    it('counts uploaded bytes in its storage usage', async () => {
      const before = await drive.storageUsage();
      const folder = await drive.createFolder('Usage');
      await uploadPdf(folder.id);
      const after = await drive.storageUsage();
      expect(after.usedBytes - before.usedBytes).toBeGreaterThanOrEqual(PDF_BYTES.length);
      expect(after.limitBytes === null || after.limitBytes > 0).toBe(true);
    });
  });
}
