/** Request shapes shared by the admin area's routes. */
import { z } from 'zod';
import { pageQuery } from '../../lib/pagination';
import { REF_PATTERN } from '../../lib/ref';

/** A route's {ref}: anything else names nothing (404). */
export const refParams = z.object({ ref: z.string().regex(REF_PATTERN) });

/** ?page= of a paged admin list. */
export const listQuery = pageQuery;

export { booleanInput, oneOf, singleField, trimmed } from '../../lib/form-input';

export { fieldErrors } from '../../lib/validation';
