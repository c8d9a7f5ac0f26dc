import { createContext, use, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { EMPTY_STATES } from '../../shared/messages';
import { deleteTagConfirm, tagItemCountText, TAXONOMY_TEXTS, type AdminTag } from '../../shared/taxonomies-admin';
import { DRAG_HANDLE_ATTRIBUTE, useSortableList } from '../lib/useSortableList';
import InlineEditableField from '../inline-edit/InlineEditableField';
import { deleteKeepingScroll, patchKeepingScroll, postKeepingScroll } from '../lib/visits';
import { buildTagTree, filterTagTree, refsAtAndBelow, type TagNode } from './tag-tree';
import { ROUTES } from '../../shared/routes';
import { Link } from '@inertiajs/react';
import { TAG_MERGE_TEXTS } from '../../shared/tag-merge';

interface TagTreeProps {
  tags: AdminTag[];
}

/** Says a keyboard move out loud (the tree's polite live region). */
const AnnounceMove = createContext<(message: string) => void>(() => {});

/**
 * A taxonomy's tags as a tree: a filter box (matching keeps ancestors visible; 'No matching nodes found'), each tag's
 * label and parent edited in place, how many items carry it, its force-show switch, Delete (which says how many items
 * lose it), and drag re-order among siblings (off while filtering).
 */

export default function TagTree({ tags }: TagTreeProps) {
  const [filter, setFilter] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const tree = useMemo(() => buildTagTree(tags), [tags]);
  const shown = useMemo(() => filterTagTree(tree, filter), [tree, filter]);
  const filtering = filter.trim() !== '';

  return (
    <div>
      <Form.Control
        type="search"
        className="mb-3"
        placeholder={TAXONOMY_TEXTS.filterPlaceholder}
        aria-label={TAXONOMY_TEXTS.filterPlaceholder}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {tags.length === 0 ? (
        <Alert variant="info">{TAXONOMY_TEXTS.noTags}</Alert>
      ) : shown.length === 0 ? (
        <Alert variant="warning">{EMPTY_STATES.treeFilter}</Alert>
      ) : (
        <AnnounceMove value={setAnnouncement}>
          <TagList nodes={shown} allTags={tags} tree={tree} parentKey="top" draggable={!filtering} label={TAXONOMY_TEXTS.tags} />
        </AnnounceMove>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

interface TagListProps {
  nodes: TagNode[];
  allTags: AdminTag[];
  tree: TagNode[];
  /** Siblings share it: a tag can be dragged only among them. */
  parentKey: string;
  draggable: boolean;
  label: string;
}

function TagList({ nodes, allTags, tree, parentKey, draggable, label }: TagListProps) {
  const listRef = useSortableList<HTMLUListElement>(draggable, `tags-${parentKey}`, (tagRef, _parent, position) =>
    postKeepingScroll(ROUTES.adminTagReposition.path({ ref: tagRef }), { position }),
  );

  return (
    <ul ref={listRef} className="list-unstyled ms-3 mb-0" data-section={parentKey} aria-label={label}>
      {nodes.map((node, index) => (
        <li key={node.tag.ref} data-entry-ref={node.tag.ref} aria-label={node.tag.fullLabel} className="py-1">
          <TagRow node={findNode(tree, node.tag.ref) ?? node} allTags={allTags} draggable={draggable} place={{ index, count: nodes.length }} />
          {node.children.length > 0 && (
            <TagList nodes={node.children} allTags={allTags} tree={tree} parentKey={node.tag.ref} draggable={draggable} label={`${node.tag.label} children`} />
          )}
        </li>
      ))}
    </ul>
  );
}

function findNode(nodes: TagNode[], ref: string): TagNode | undefined {
  for (const node of nodes) {
    if (node.tag.ref === ref) return node;
    const found = findNode(node.children, ref);
    if (found) return found;
  }
  return undefined;
}

interface TagRowProps {
  node: TagNode;
  allTags: AdminTag[];
  draggable: boolean;
  /** Its place among its siblings, for the keyboard moves. */
  place: { index: number; count: number };
}

function TagRow({ node, allTags, draggable, place }: TagRowProps) {
  const { tag } = node;
  const announce = use(AnnounceMove);
  const move = (step: -1 | 1) => {
    const position = place.index + step;
    postKeepingScroll(
      ROUTES.adminTagReposition.path({ ref: tag.ref }),
      { position },
      { onSuccess: () => announce(tagMovedMessage(tag.label, position, place.count)) },
    );
  };
  const url = ROUTES.adminTag.path({ ref: tag.ref });
  // The tag and its own descendants cannot be its parent (the server refuses a cycle too).
  const blocked = refsAtAndBelow(node);
  const parentOptions = allTags.filter((other) => !blocked.has(other.ref)).map((other) => ({ value: other.ref, label: other.fullLabel }));
  const remove = () => {
    if (window.confirm(deleteTagConfirm(tag.itemCount))) deleteKeepingScroll(url);
  };
  return (
    <div className="d-flex flex-wrap align-items-start gap-3 border rounded p-2 bg-body">
      {draggable && (
        <span {...{ [DRAG_HANDLE_ATTRIBUTE]: '' }} className="text-body-secondary" style={{ cursor: 'grab' }} role="img" aria-label={`Drag ${tag.label}`}>
          <i className="bi bi-grip-vertical" aria-hidden="true" />
        </span>
      )}
      <div style={{ minWidth: '12rem' }} className="d-flex flex-wrap align-items-center gap-2">
        <InlineEditableField field="label" label={`Label of ${tag.label}`} value={tag.label} url={url} />
        <span className="badge rounded-pill text-bg-light border text-body-secondary fw-normal">{tagItemCountText(tag.itemCount)}</span>
      </div>
      <div style={{ minWidth: '12rem' }} className="small">
        <span className="text-body-secondary">{TAXONOMY_TEXTS.parent}: </span>
        <InlineEditableField
          field="parent_ref"
          label={`Parent of ${tag.label}`}
          mode="select"
          value={tag.parentRef ?? ''}
          options={parentOptions}
          url={url}
          emptyText={TAXONOMY_TEXTS.noParent}
        />
      </div>
      <Form.Check
        type="switch"
        id={`force-${tag.ref}`}
        label={TAXONOMY_TEXTS.forceShow}
        checked={tag.force_show_in_filtering}
        onChange={(event) => patchKeepingScroll(url, { force_show_in_filtering: event.target.checked })}
      />
      {draggable && place.count > 1 && (
        <div className="btn-group btn-group-sm ms-auto" role="group" aria-label={`Move ${tag.label}`}>
          <button type="button" className="btn btn-outline-secondary" aria-label={`Move ${tag.label} up`} disabled={place.index === 0} onClick={() => move(-1)}>
            <i className="bi bi-arrow-up" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={`Move ${tag.label} down`}
            disabled={place.index === place.count - 1}
            onClick={() => move(1)}
          >
            <i className="bi bi-arrow-down" aria-hidden="true" />
          </button>
        </div>
      )}
      <button
        type="button"
        className={`btn btn-sm btn-outline-danger ${draggable && place.count > 1 ? '' : 'ms-auto'}`}
        aria-label={`Delete ${tag.label}`}
        onClick={remove}
      >
        <i className="bi bi-trash" aria-hidden="true" />
      </button>
      <Link href={ROUTES.adminTagMerge.path({ ref: tag.ref })} className="btn btn-sm btn-outline-secondary" aria-label={TAG_MERGE_TEXTS.actionLabel(tag.label)}>
        {TAG_MERGE_TEXTS.action}
      </Link>
    </div>
  );
}

/** What the live region says after a keyboard move (positions counted from 1). */
export function tagMovedMessage(label: string, position: number, count: number): string {
  return `Moved '${label}' to position ${position + 1} of ${count}.`;
}
