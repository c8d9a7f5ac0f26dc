import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDrive } from '../../../server/drive/local';
import { DriveExportUnavailableError, DriveNotFoundError } from '../../../server/drive/port';
import { bytesOf, describeDriveContract } from './contract';

const temporaryRoots: string[] = [];
async function temporaryRoot(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'equip-local-drive-'));
  temporaryRoots.push(root);
  return root;
}
afterAll(async () => {
  await Promise.all(temporaryRoots.map((root) => rm(root, { recursive: true, force: true })));
});

describeDriveContract('local adapter', async () => {
  const root = await temporaryRoot();
  return { drive: localDrive({ root, pdfConverter: null }), close: async () => {} };
});

/** Stands in for LibreOffice: same arguments, writes `{outdir}/{name}.pdf`, or fails when told to. */
async function fakeConverter(dir: string, behaviour: 'convert' | 'fail'): Promise<string> {
  const script = path.join(dir, `fake-soffice-${behaviour}`);
  const body =
    behaviour === 'fail'
      ? 'echo "conversion crashed" >&2; exit 1'
      : 'while [ "$#" -gt 0 ]; do case "$1" in --outdir) out="$2"; shift 2;; --*) shift;; pdf) shift;; *) src="$1"; shift;; esac; done\n' +
        'name=$(basename "$src"); printf "%%PDF-1.4 converted %s\\n" "$(cat "$src")" > "$out/${name%.*}.pdf"';
  await writeFile(script, `#!/bin/sh\n${body}\n`);
  await chmod(script, 0o755);
  return script;
}

describe('local drive', () => {
  let root: string;
  beforeAll(async () => {
    root = await temporaryRoot();
  });

  it('keeps folders and files across restarts, with the same root folder', async () => {
    const first = localDrive({ root, pdfConverter: null });
    const rootId = await first.rootFolderId();
    const folder = await first.createFolder('Kept');
    const file = await first.upload({ name: 'kept.txt', mimeType: 'text/plain', parentId: folder.id, body: Buffer.from('still here') });

    const second = localDrive({ root, pdfConverter: null });
    expect(await second.rootFolderId()).toBe(rootId);
    expect((await second.list(folder.id)).map((entry) => entry.name)).toEqual(['kept.txt']);
    expect((await bytesOf(await second.download(file.id))).toString()).toBe('still here');
  });

  it('never reads outside its folder, whatever id it is given', async () => {
    const drive = localDrive({ root, pdfConverter: null });
    for (const id of ['../root-folder-id', '..', 'entries/../../etc', '/etc/passwd', '']) {
      await expect(drive.get(id)).rejects.toBeInstanceOf(DriveNotFoundError);
      await expect(drive.download(id)).rejects.toBeInstanceOf(DriveNotFoundError);
    }
  });

  it('opens files through Equip itself', async () => {
    const drive = localDrive({ root, pdfConverter: null });
    const folder = await drive.createFolder('Web view');
    expect(folder.webViewUrl).toBe(`/drive/local/${folder.id}`);
    const absolute = localDrive({ root, pdfConverter: null, webViewBase: 'https://equip.example.org' });
    expect((await absolute.get(folder.id)).webViewUrl).toBe(`https://equip.example.org/drive/local/${folder.id}`);
  });

  it('refuses to move a folder into itself or into one of its own folders', async () => {
    const drive = localDrive({ root, pdfConverter: null });
    const outer = await drive.createFolder('Outer');
    const inner = await drive.createFolder('Inner', outer.id);
    await expect(drive.move(outer.id, outer.id)).rejects.toThrow(/into itself/);
    await expect(drive.move(outer.id, inner.id)).rejects.toThrow(/into itself/);
    expect((await drive.get(outer.id)).parentId).toBe(await drive.rootFolderId());
  });

  it('converts documents to PDF with the configured converter, leaving no work files behind', async () => {
    const converter = await fakeConverter(await temporaryRoot(), 'convert');
    const drive = localDrive({ root, pdfConverter: converter });
    const folder = await drive.createFolder('Conversions');
    const text = await drive.upload({ name: 'Welcome letter.txt', mimeType: 'text/plain', parentId: folder.id, body: Buffer.from('Welcome!') });
    const word = await drive.upload({
      name: 'Session plan.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      parentId: folder.id,
      body: Buffer.from('plan'),
    });
    expect(drive.canExportPdf(text)).toBe(true);
    expect(drive.canExportPdf(word)).toBe(true);
    const exported = await drive.exportPdf(word.id);
    expect(exported).toMatchObject({ name: 'Session plan.pdf', mimeType: 'application/pdf' });
    expect((await bytesOf(exported)).toString()).toBe('%PDF-1.4 converted plan\n');
    const leftovers = (await readdir(os.tmpdir())).filter((name) => name.startsWith('equip-pdf-'));
    expect(leftovers).toEqual([]);
  });

  it('refuses the export with a clear message when the converter fails or none is installed', async () => {
    const failing = localDrive({ root, pdfConverter: await fakeConverter(await temporaryRoot(), 'fail') });
    const folder = await failing.createFolder('Failed conversions');
    const text = await failing.upload({ name: 'notes.txt', mimeType: 'text/plain', parentId: folder.id, body: Buffer.from('notes') });
    await expect(failing.exportPdf(text.id)).rejects.toThrow(new DriveExportUnavailableError(text.id, 'notes.txt could not be converted to PDF.'));

    const without = localDrive({ root, pdfConverter: null });
    await expect(without.exportPdf(text.id)).rejects.toThrow(/No PDF converter is installed/);
  });
});
