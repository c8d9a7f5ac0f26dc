/** Request shapes of library health: the page's kind and page, a row's task, a kind's tasks, a schedule. */
import { z } from 'zod';
import { HEALTH_PROBLEM_KINDS, HEALTH_SCHEDULE_PERIODS, LIBRARY_HEALTH_CHECK_NAMES, LIBRARY_HEALTH_ERRORS } from '../../../shared/library-health';
import { pageQuery } from '../../lib/pagination';
import { REF_PATTERN } from '../../lib/ref';
import { firstValue, formBody } from '../../lib/validation';

const KIND_ERROR = 'Choose a kind of problem.';
const kind = z.enum(HEALTH_PROBLEM_KINDS, { error: KIND_ERROR });

/** An unknown kind shows the first one, as a page number past the end shows the last page. */
export const healthQuery = pageQuery.extend({ kind: z.preprocess(firstValue, kind).catch(HEALTH_PROBLEM_KINDS[0]) });

export const problemTaskBody = formBody({
  kind,
  item_ref: z.string({ error: LIBRARY_HEALTH_ERRORS.item }).trim().regex(REF_PATTERN, { error: LIBRARY_HEALTH_ERRORS.item }),
});

export const problemKindBody = formBody({ kind });

export const scheduleBody = formBody({
  check: z.enum(LIBRARY_HEALTH_CHECK_NAMES, { error: 'Choose a check.' }),
  period: z.enum(Object.keys(HEALTH_SCHEDULE_PERIODS) as [keyof typeof HEALTH_SCHEDULE_PERIODS], { error: 'Choose Not scheduled, Daily or Weekly.' }),
});
