import { z } from 'zod';
import { formBody, wholeNumber } from '../../lib/validation';
import { LOG_LEVELS, LOG_VIEWER_MAX_TEXT, type LogLevelName } from './log-viewer';
import { pageNumber } from '../../lib/pagination';

/** The most of a refused action the response box quotes; every action's name is far shorter. */
export const REFUSED_ACTION_QUOTE_MAX = 100;

/**
 * POST /admin/advanced: `action` as sent, as text ('' when there is none). It is not refused here: the route names a
 * value that is not an action in the response box, which a field error could not do.
 */
export const advancedBody = formBody({
  action: z.preprocess((input) => (typeof input === 'string' ? input.slice(0, REFUSED_ACTION_QUOTE_MAX) : ''), z.string().max(REFUSED_ACTION_QUOTE_MAX)),
  /** An action that changes data runs only when its question was answered (ADVANCED_CHANGES). */
  confirmed: z.preprocess((input) => input === true || input === 'true', z.boolean()),
});

/** GET /admin/advanced?run=12: show that run (its progress, or its report); anything else is ignored. */
export const advancedQuery = z.object({
  run: wholeNumber(1).optional().catch(undefined),
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
  page: pageNumber(),
});
