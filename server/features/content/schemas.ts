/** Request shapes of the folder and content calls. */
import { z } from 'zod';
import { CONTENT_MESSAGES } from '../../../shared/content';
import { formBody } from '../../lib/validation';
import { ITEM_EDIT_ERRORS } from '../item-editing';

const LABEL_MAX = 255;

/** /drive/local/{id}: the local drive's own ids are far shorter; a longer one names nothing (404). */
export const localDriveId = z.string().max(128);

/** POST /i/{ref}/content: a drive file id and an optional label. */
export const linkBody = formBody({
  google_drive_file_id: z.string({ error: CONTENT_MESSAGES.selectFile }).trim().min(1, CONTENT_MESSAGES.selectFile).max(255, CONTENT_MESSAGES.selectFile),
  label: z.string({ error: ITEM_EDIT_ERRORS.text }).max(LABEL_MAX, ITEM_EDIT_ERRORS.tooLong(LABEL_MAX)).nullish(),
});

const INCREASE_REQUIRED = 'Send increase: true to move the content down, false to move it up.';

/** POST /content/{ref}/reposition: `increase` moves the row down the list (to a higher position). */
export const repositionBody = formBody({
  increase: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: INCREASE_REQUIRED })
    .transform((value) => value === true || value === 'true' || value === '1'),
});
