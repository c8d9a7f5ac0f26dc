/** The tag tree of a taxonomy: nesting and the client-side filter. */
import type { AdminTag } from '../../shared/taxonomies-admin';

export interface TagNode {
  tag: AdminTag;
  children: TagNode[];
}

/** Nests the tags (tree order from the server) under their parents; siblings keep the server's order. */
export function buildTagTree(tags: readonly AdminTag[]): TagNode[] {
  const nodes = new Map(tags.map((tag) => [tag.ref, { tag, children: [] as TagNode[] }]));
  const roots: TagNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.tag.parentRef === null ? undefined : nodes.get(node.tag.parentRef);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The nodes whose label matches (without case), with every ancestor of a match kept so it shows in place. */
export function filterTagTree(nodes: readonly TagNode[], text: string): TagNode[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...nodes];
  return nodes.flatMap((node) => {
    const children = filterTagTree(node.children, text);
    return node.tag.label.toLowerCase().includes(wanted) || children.length > 0 ? [{ tag: node.tag, children }] : [];
  });
}

/** Refs of the tag and everything below it: none of them can become its parent. */
export function refsAtAndBelow(node: TagNode): Set<string> {
  const refs = new Set<string>([node.tag.ref]);
  for (const child of node.children) for (const ref of refsAtAndBelow(child)) refs.add(ref);
  return refs;
}

/** The node of the tag `ref` names, anywhere in the tree. */
export function findTagNode(nodes: readonly TagNode[], ref: string): TagNode | undefined {
  for (const node of nodes) {
    if (node.tag.ref === ref) return node;
    const found = findTagNode(node.children, ref);
    if (found) return found;
  }
  return undefined;
}
