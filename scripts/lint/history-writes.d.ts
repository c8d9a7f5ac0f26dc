type Operation = 'insert' | 'update' | 'delete';

/** See history-writes.js: the writes the history's trigger records, by the schema's table and column names. */
export const RECORDED_WRITES: Record<string, Partial<Record<Operation, true | string[]>>>;

declare const plugin: { rules: Record<string, unknown> };
export default plugin;
