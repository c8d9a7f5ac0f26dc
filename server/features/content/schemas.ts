/** Request shapes of the folder and content calls (member-library §7). */
import { z } from 'zod';
import { CONTENT_MESSAGES } from '../../../shared/content';

export const refParams = z.object({ ref: z.string().max(64) });
export const driveIdParams = z.object({ id: z.string().max(128) });

/** POST /i/{ref}/content: a drive file id and an optional label. */
export const linkBody = z.object({
  google_drive_file_id: z
    .string({ error: CONTENT_MESSAGES.selectFile })
    .trim()
    .min(1, CONTENT_MESSAGES.selectFile)
    .max(255, CONTENT_MESSAGES.selectFile),
  label: z.string().max(255).nullish(),
});

/** POST /content/{ref}/reposition: `increase` moves the row down the list (to a higher position). */
export const repositionBody = z.object({
  increase: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((value) => value === true || value === 'true' || value === '1'),
});
