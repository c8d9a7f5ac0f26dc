/** Request shapes shared by the admin area's routes. */
import { pageQuery } from '../../lib/pagination';

/** ?page= of a paged admin list. */
export const listQuery = pageQuery;

export { booleanInput, oneOf, singleField, trimmed } from '../../lib/form-input';
