import { createContext, use, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Notice from '../lib/Notice';
import Form from 'react-bootstrap/Form';
import { EMPTY_STATES } from '../../shared/messages';
import { movedToPositionMessage } from '../../shared/messages';
import { deleteTagConfirm, tagItemCountText, TAXONOMY_TEXTS, type AdminTag, type TagMoveTarget } from '../../shared/taxonomies-admin';
import { useSortableList } from '../lib/useSortableList';
import MoveButtons, { DragGrip } from '../lib/MoveButtons';
import { useMoveFocus } from '../lib/move-focus';
import MoveTagModal from './MoveTagModal';
import InlineEditableField from '../inline-edit/InlineEditableField';
import { deleteKeepingScroll, patchKeepingScroll, postKeepingScroll } from '../lib/visits';
import { buildTagTree, filterTagTree, findTagNode, refsAtAndBelow, type TagNode } from './tag-tree';
import { ROUTES } from '../../shared/routes';
import { Link } from '@inertiajs/react';
import { TAG_MERGE_TEXTS } from '../../shared/tag-merge';
import Icon from '../lib/Icon';

interface TagTreeProps {
  taxonomyRef: string;
  tags: AdminTag[];
  /** The page's on-demand targets of Move to…, once asked for. */
  moveTargets: TagMoveTarget[] | undefined;
}

/** What a row's Move buttons and Move to… need of the tree: the live region, the focus kept on a moved row, the Move to… dialog. */
interface TreeMoves {
  announce: (message: string) => void;
  keepFocus: ReturnType<typeof useMoveFocus>;
  moveTo: (tag: AdminTag) => void;
}
const TreeMovesContext = createContext<TreeMoves>({ announce: () => {}, keepFocus: () => {}, moveTo: () => {} });

/**
 * A taxonomy's tags as a tree: a filter box (matching keeps ancestors visible; 'No matching nodes found'), each tag's
 * label and parent edited in place, how many items carry it, its force-show switch, Delete (which says how many items
 * lose it), drag re-order among siblings (off while filtering) with Move up / down beside it, and Move to… another
 * parent or taxonomy.
 */

export default function TagTree({ taxonomyRef, tags, moveTargets }: TagTreeProps) {
  const [filter, setFilter] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [moving, setMoving] = useState<AdminTag | null>(null);
  const keepFocus = useMoveFocus(tags);
  const moves = useMemo(() => ({ announce: setAnnouncement, keepFocus, moveTo: setMoving }), [keepFocus]);
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
        <Notice variant="info">{TAXONOMY_TEXTS.noTags}</Notice>
      ) : shown.length === 0 ? (
        <Notice variant="warning">{EMPTY_STATES.treeFilter}</Notice>
      ) : (
        <TreeMovesContext value={moves}>
          <TagList nodes={shown} allTags={tags} tree={tree} parentKey="top" draggable={!filtering} label={TAXONOMY_TEXTS.tags} />
        </TreeMovesContext>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <MoveTagModal tag={moving} taxonomyRef={taxonomyRef} tags={tags} moveTargets={moveTargets} onHide={() => setMoving(null)} />
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
    postKeepingScroll(ROUTES.adminTagReposition.path({ ref: tagRef }), { position }, { preserveState: true }),
  );

  return (
    <ul ref={listRef} className="list-unstyled ms-3 mb-0" data-section={parentKey} aria-label={label}>
      {nodes.map((node, index) => (
        <li key={node.tag.ref} data-entry-ref={node.tag.ref} aria-label={node.tag.fullLabel} className="py-1">
          <TagRow node={findTagNode(tree, node.tag.ref) ?? node} allTags={allTags} draggable={draggable} place={{ index, count: nodes.length }} />
          {node.children.length > 0 && (
            <TagList nodes={node.children} allTags={allTags} tree={tree} parentKey={node.tag.ref} draggable={draggable} label={`${node.tag.label} children`} />
          )}
        </li>
      ))}
    </ul>
  );
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
  const { announce, keepFocus, moveTo } = use(TreeMovesContext);
  const move = (position: number, direction: 'up' | 'down') => {
    keepFocus(tag.ref, direction);
    postKeepingScroll(
      ROUTES.adminTagReposition.path({ ref: tag.ref }),
      { position },
      { preserveState: true, onSuccess: () => announce(movedToPositionMessage(tag.label, position, place.count)) },
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
      {draggable && <DragGrip name={tag.label} />}
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
      {draggable && place.count > 1 && <MoveButtons name={tag.label} index={place.index} count={place.count} onMove={move} className="ms-auto" />}
      <Button variant="outline-secondary" size="sm" className={draggable && place.count > 1 ? '' : 'ms-auto'} onClick={() => moveTo(tag)}>
        {TAXONOMY_TEXTS.moveTo}
        <span className="visually-hidden"> ({tag.label})</span>
      </Button>
      <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Delete ${tag.label}`} onClick={remove}>
        <Icon name="bi-trash" />
      </button>
      <Link href={ROUTES.adminTagMerge.path({ ref: tag.ref })} className="btn btn-sm btn-outline-secondary" aria-label={TAG_MERGE_TEXTS.actionLabel(tag.label)}>
        {TAG_MERGE_TEXTS.action}
      </Link>
    </div>
  );
}
