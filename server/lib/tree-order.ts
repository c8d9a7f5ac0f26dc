/** Rows of a parent/child tree (tags), as they come from the table. */
export interface TreeRow {
  id: number;
  parentId: number | null;
}

/**
 * The rows in tree order, each paired with its parent: every parent followed by its children, siblings in the order
 * given. A row whose parent is missing counts as top-level; a cycle cannot repeat a row.
 */
export function treeOrder<T extends TreeRow>(rows: readonly T[]): { row: T; parent: T | undefined }[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const isTopLevel = (row: T) => row.parentId === null || !byId.has(row.parentId);
  const ordered: T[] = [];
  const seen = new Set<number>();
  const visit = (row: T) => {
    if (seen.has(row.id)) return;
    seen.add(row.id);
    ordered.push(row);
    rows.filter((child) => child.parentId === row.id).forEach(visit);
  };
  rows.filter(isTopLevel).forEach(visit);
  return ordered.map((row) => ({ row, parent: row.parentId === null ? undefined : byId.get(row.parentId) }));
}
