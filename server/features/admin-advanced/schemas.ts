import { z } from 'zod';
import { ADVANCED_ACTIONS } from '../../../shared/advanced';
import { LOG_LEVELS, LOG_VIEWER_DEFAULT_LINES, LOG_VIEWER_MAX_LINES, type LogLevelName } from './log-viewer';

/** POST /admin/advanced: one of the known action values. */
export const advancedBody = z.object({ action: z.enum(ADVANCED_ACTIONS) });

/** GET /admin/advanced/log-viewer?level=warn&lines=200: bad values fall back to the defaults. */
export const logViewerQuery = z.object({
  level: z
    .enum(Object.keys(LOG_LEVELS) as [LogLevelName, ...LogLevelName[]])
    .catch('info')
    .default('info'),
  lines: z.coerce.number().int().min(1).max(LOG_VIEWER_MAX_LINES).catch(LOG_VIEWER_DEFAULT_LINES).default(LOG_VIEWER_DEFAULT_LINES),
});
