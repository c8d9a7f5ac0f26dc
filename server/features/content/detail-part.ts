/**
 * The item page's content list (the `contents` and `more_content_available` props): SQL for one JSON value
 * of the item's parts statement (`items/detail.ts`) and its reader, which applies `canSeeContent` row by row.
 */
import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatBytes, type Content } from '../../../shared/content';
import { CONTENT_FORMATS, EXPORT_MODES, type ContentFormat, type ExportMode } from '../../../shared/enums';
import { canSeeContent, canSeeDriveFiles, type ItemAccessFacts, type Viewer } from '../../access/policy';
import { jsonArray, jsonObject } from '../../db/json';
import { contents } from '../../db/schema';

const fullVersion = alias(contents, 'full_version');

interface ContentRow {
  ref: string;
  label: string;
  description: string;
  format: string;
  lengthMinutes: number | null;
  sizeBytes: number | null;
  copyright: string | null;
  googleDriveFileId: string | null;
  exportMode: string | null;
  minimumAccessLevel: number;
  published: boolean;
  position: number;
  sampleOfRef: string | null;
  sampleOfLabel: string | null;
}

/**
 * SQL: the item's content rows as JSON, in their order. Editors (`canEditItem`) get unpublished rows too; the level
 * rule is left to `readContents`, which also needs the rows above the viewer's level to tell that more exists.
 */
export function itemContentsSql(itemId: SQLWrapper, editor: boolean): SQL {
  const onlyPublished = editor ? sql`` : sql` and ${contents.published}`;
  return jsonArray(
    jsonObject({
      ref: contents.ref,
      label: contents.label,
      description: contents.description,
      format: contents.format,
      lengthMinutes: contents.lengthMinutes,
      sizeBytes: contents.sizeBytes,
      copyright: contents.copyright,
      googleDriveFileId: contents.googleDriveFileId,
      exportMode: contents.exportMode,
      minimumAccessLevel: contents.minimumAccessLevel,
      published: contents.published,
      position: contents.position,
      sampleOfRef: fullVersion.ref,
      sampleOfLabel: fullVersion.label,
    }),
    sql`from ${contents} left join ${contents} as ${fullVersion} on ${eq(fullVersion.id, contents.isSampleOfId)}
      where ${eq(contents.itemId, itemId)}${onlyPublished}`,
    [asc(contents.position), asc(contents.id)],
  );
}

export interface ContentList {
  contents: Content[];
  more_content_available: boolean;
}

/** The rows this viewer may see, and whether published rows above their level exist. */
export function readContents(viewer: Viewer, item: ItemAccessFacts, json: unknown, grantedLevel: number | null): ContentList {
  const rows = json as ContentRow[];
  const visible = rows.filter((row) => canSeeContent(viewer, item, row, grantedLevel));
  const withDriveIds = canSeeDriveFiles(viewer, item);
  return {
    contents: visible.map((row) => contentOfRow(row, withDriveIds)),
    more_content_available: visible.length < rows.filter((row) => row.published).length,
  };
}

export function contentOfRow(row: ContentRow, withDriveIds: boolean): Content {
  return {
    ref: row.ref,
    label: row.label,
    description: row.description,
    format: asFormat(row.format),
    length_minutes: row.lengthMinutes,
    size: formatBytes(row.sizeBytes),
    size_bytes: row.sizeBytes,
    copyright: row.copyright,
    google_drive_file_id: withDriveIds ? row.googleDriveFileId : null,
    export_mode: asExportMode(row.exportMode),
    minimum_access_level: row.minimumAccessLevel,
    published: row.published,
    is_sample: row.sampleOfRef !== null,
    is_sample_of_ref: row.sampleOfRef,
    is_sample_of_label: row.sampleOfLabel,
    position: row.position,
  };
}

export function asFormat(value: string): ContentFormat {
  return (CONTENT_FORMATS as readonly string[]).includes(value) ? (value as ContentFormat) : 'other';
}

export function asExportMode(value: string | null): ExportMode {
  return (EXPORT_MODES as readonly (string | null)[]).includes(value) ? (value as ExportMode) : null;
}
