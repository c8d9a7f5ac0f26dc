/**
 * The public entry of server/features/tasks: the item page's tasks part. Another feature imports these from here, never
 * a file inside (`.dependency-cruiser.cjs`).
 */
export { itemTasksSql, readItemTasks } from './item-part';
