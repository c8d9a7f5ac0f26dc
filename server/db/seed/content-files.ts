/**
 * Real drive files for the demo library's content, so every seeded content row opens: each item gets its folder
 * (named by `itemFolderName`) and each row a small file in it, a one-page PDF with the row's label, or plain text
 * for text content. Only the demo's first items get files, so a large generated library seeds as fast as before.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DrivePort } from '../../drive/port';
import { itemFolderName } from '../../drive/naming';
import type { Database } from '../client';
import { contents, items } from '../schema';

export interface PlantedFiles {
  folders: number;
  files: number;
}

/** Plants files for the content of these items that has none yet; answers how many folders and files it made. */
export async function plantContentFiles(db: Database, drive: DrivePort, itemIds: readonly number[]): Promise<PlantedFiles> {
  const planted: PlantedFiles = { folders: 0, files: 0 };
  if (itemIds.length === 0) return planted;
  const rows = await db
    .select({
      contentId: contents.id,
      label: contents.label,
      format: contents.format,
      itemId: items.id,
      code: items.code,
      title: items.title,
      folderId: items.googleDriveFolderId,
    })
    .from(contents)
    .innerJoin(items, eq(items.id, contents.itemId))
    .where(and(inArray(items.id, [...itemIds]), isNull(contents.googleDriveFileId)))
    .orderBy(asc(items.id), asc(contents.position), asc(contents.id));
  const root = await drive.rootFolderId();
  const folders = new Map<number, string>();
  for (const row of rows) {
    let folderId = folders.get(row.itemId) ?? row.folderId;
    if (!folderId) {
      folderId = (await drive.createFolder(itemFolderName(row), root)).id;
      await db.update(items).set({ googleDriveFolderId: folderId }).where(eq(items.id, row.itemId));
      planted.folders += 1;
    }
    folders.set(row.itemId, folderId);
    const file = demoFile(row.label, row.format);
    const entry = await drive.upload({ name: file.name, mimeType: file.mimeType, parentId: folderId, body: file.body, size: file.body.length });
    await db.update(contents).set({ googleDriveFileId: entry.id, sizeBytes: entry.size }).where(eq(contents.id, row.contentId));
    planted.files += 1;
  }
  return planted;
}

function demoFile(label: string, format: string): { name: string; mimeType: string; body: Buffer } {
  const safeName = label.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'Content';
  if (format === 'text') return { name: `${safeName}.txt`, mimeType: 'text/plain', body: Buffer.from(`${label}\n\nA demo file of the Equip library.\n`) };
  return { name: `${safeName}.pdf`, mimeType: 'application/pdf', body: onePagePdf(label) };
}

/** A valid one-page PDF showing a line of text (ASCII; other characters become '?'). */
export function onePagePdf(text: string): Buffer {
  const line = text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 24 Tf 72 720 Td (${line}) Tj 0 -36 Td /F1 12 Tf (A demo file of the Equip library.) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
