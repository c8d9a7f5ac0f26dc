import { z } from 'zod';
import { ADVANCED_ACTIONS } from '../../../shared/advanced';
import { LOG_LEVELS, LOG_VIEWER_MAX_TEXT, type LogLevelName } from './log-viewer';

/** POST /admin/advanced: one of the known action values. */
export const advancedBody = z.object({ action: z.enum(ADVANCED_ACTIONS) });

/** GET /admin/advanced?run=12: show that run (its progress, or its report); anything else is ignored. */
export const advancedQuery = z.object({
  run: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});

/** GET /admin/advanced/log-viewer?level=warn&q=timeout&page=2: bad values fall back to the defaults. */
export const logViewerQuery = z.object({
  level: z
    .enum(Object.keys(LOG_LEVELS) as [LogLevelName, ...LogLevelName[]])
    .catch('info')
    .default('info'),
  q: z
    .string()
    .transform((text) => text.trim().slice(0, LOG_VIEWER_MAX_TEXT))
    .catch('')
    .default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});
