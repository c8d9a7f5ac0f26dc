/**
 * What an item's list of files shows to every reader: each format's icon and name, and
 * the note on files the reader may not open. Apart from content.ts, whose messages are the editors' and the server's,
 * since every item page shows the list (docs/decisions/front-end.md "What a first page downloads").
 */
import type { ContentFormat } from './enums';

/** Bootstrap Icons per format; anything else gets the default. */
export const CONTENT_FORMAT_ICONS: Record<ContentFormat, string> = {
  pdf: 'bi-file-earmark-pdf',
  word: 'bi-file-earmark-word',
  powerpoint: 'bi-file-earmark-ppt',
  google_slides: 'bi-file-earmark-slides',
  google_doc: 'bi-file-earmark-text',
  google_sheet: 'bi-file-earmark-spreadsheet',
  google_folder: 'bi-folder',
  image: 'bi-file-earmark-image',
  text: 'bi-file-earmark-font',
  video: 'bi-file-earmark-play',
  audio: 'bi-file-earmark-music',
  other: 'bi-file-earmark',
};

export const CONTENT_FORMAT_LABELS: Record<ContentFormat, string> = {
  pdf: 'PDF',
  word: 'Word document',
  powerpoint: 'PowerPoint',
  google_slides: 'Google Slides',
  google_doc: 'Google Doc',
  google_sheet: 'Google Sheet',
  google_folder: 'Google folder',
  image: 'Image',
  text: 'Text',
  video: 'Video',
  audio: 'Audio',
  other: 'Other',
};

/** Below the list, when the item has files the reader may not open. */
export const CONTENT_LIST_TEXTS = {
  moreContentForVisitors: 'Sign in to see more content of this item.',
  moreContentForMembers: 'More content of this item is available at a higher access level.',
} as const;
