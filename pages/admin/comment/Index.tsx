import { useEffect, useRef, useState } from 'react';
import { Head } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import CommentRow from '../../../components/comments/CommentRow';
import DeleteCommentsDialog, { type CommentSelection } from '../../../components/comments/DeleteCommentsDialog';
import ModerationDetails from '../../../components/comments/ModerationDetails';
import AppLink from '../../../components/lib/AppLink';
import { postKeepingScroll } from '../../../components/lib/visits';
import Pagination from '../../../components/pagination/Pagination';
import PastLastPageNotice from '../../../components/pagination/PastLastPageNotice';
import { ADMIN_COMMENTS_APPROVE_URL, COMMENT_CONFIRM, COMMENT_MESSAGES, type ModerationEntry, type RepeatFlagger } from '../../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../../shared/comment-list';
import { EMPTY_STATES, plural } from '../../../shared/messages';
import type { PageProps } from '../../../shared/pages';
import { ROUTES } from '../../../shared/routes';
import Icon from '../../../components/lib/Icon';

const RELOAD = ['comments', 'waitingCount', 'repeatFlaggers'];

/**
 * /admin/comment, the moderation queue: every comment, those waiting for an admin
 * first, each with its flags, neighbours and author's history; select comments (each, or all on the page) to approve or
 * delete them at once; the repeat flaggers of approved comments beside.
 */
export default function AdminCommentIndex({ comments, waitingCount, repeatFlaggers, errors }: PageProps<'admin/comment/Index'>) {
  const [editedRef, setEditedRef] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Every waiting comment, on every page: sent as how many were seen, which the server holds it to.
  const [allWaiting, setAllWaiting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const error = typeof errors.comment === 'string' ? errors.comment : (errors.comment?.[0] ?? null);
  const refsError = typeof errors.refs === 'string' ? errors.refs : null;

  const toggle = (ref: string) => {
    setAllWaiting(false);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(ref)) next.add(ref);
      return next;
    });
  };
  // Only comments of the page shown count: one that left it (another page, deleted meanwhile) is never sent.
  const chosen = comments.data.filter((comment) => selected.has(comment.ref));
  const selection: CommentSelection = allWaiting ? { waiting: waitingCount } : { refs: chosen.map((comment) => comment.ref) };
  const clear = () => {
    setSelected(new Set());
    setAllWaiting(false);
  };
  const approve = () => {
    const count = allWaiting ? waitingCount : chosen.length;
    const question = count === 1 ? COMMENT_CONFIRM.approve : `Do you want to approve these ${count.toLocaleString('en')} comments?`;
    if (!window.confirm(question)) return;
    postKeepingScroll(ADMIN_COMMENTS_APPROVE_URL, selection, { only: RELOAD, onSuccess: clear });
  };

  return (
    <>
      <Head title="Comments" />
      <h1 className="mb-2">Comments</h1>
      <p className="text-body-secondary">
        {waitingCount === 0 ? 'No comment waits for moderation.' : `${plural(waitingCount, 'comment')} wait for moderation.`}
      </p>
      {repeatFlaggers.length > 0 && <RepeatFlaggers flaggers={repeatFlaggers} />}
      {comments.pastLastPage ? (
        <PastLastPageNotice pastLastPage={comments.pastLastPage} />
      ) : comments.data.length === 0 ? (
        <Notice variant="warning">{EMPTY_STATES.comments}</Notice>
      ) : (
        <>
          <SelectionBar
            entries={comments.data}
            selected={chosen}
            waitingCount={waitingCount}
            allWaiting={allWaiting}
            onSelectAll={(all) => {
              setAllWaiting(false);
              setSelected(all ? new Set(comments.data.map((comment) => comment.ref)) : new Set());
            }}
            onSelectAllWaiting={(all) => {
              setSelected(new Set());
              setAllWaiting(all);
            }}
            onApprove={approve}
            onDelete={() => setDeleting(true)}
          />
          {refsError && !deleting && (
            <Notice variant="danger" role="alert">
              {refsError}
            </Notice>
          )}
          <ul className="list-group mb-3" aria-label="Comments">
            {comments.data.map((entry) => (
              <CommentRow
                key={entry.ref}
                comment={entry}
                reloadOnly={RELOAD}
                showItem
                error={entry.ref === editedRef ? error : null}
                onEditSent={() => setEditedRef(entry.ref)}
                selector={
                  <input
                    type="checkbox"
                    className="form-check-input mt-0 align-self-center"
                    checked={selected.has(entry.ref)}
                    onChange={() => toggle(entry.ref)}
                    aria-label={`Select the comment by ${entry.commenter ?? COMMENT_LIST_TEXTS.formerMember} on ${entry.item_title}`}
                  />
                }
              >
                <ModerationDetails entry={entry} />
              </CommentRow>
            ))}
          </ul>
          <Pagination links={comments.links} label="Comment pages" />
          <DeleteCommentsDialog selection={selection} show={deleting} onHide={() => setDeleting(false)} onDeleted={clear} />
        </>
      )}
    </>
  );
}

interface SelectionBarProps {
  entries: ModerationEntry[];
  selected: ModerationEntry[];
  waitingCount: number;
  allWaiting: boolean;
  onSelectAll: (all: boolean) => void;
  onSelectAllWaiting: (all: boolean) => void;
  onApprove: () => void;
  onDelete: () => void;
}

/**
 * Select all on the page (mixed while some are), or every waiting comment on every page; how many are selected, and
 * the bulk buttons.
 */
function SelectionBar({ entries, selected, waitingCount, allWaiting, onSelectAll, onSelectAllWaiting, onApprove, onDelete }: SelectionBarProps) {
  const all = useRef<HTMLInputElement>(null);
  const some = selected.length > 0 && selected.length < entries.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);
  // Every waiting comment is flagged, so all of them can be approved.
  const approvable = allWaiting || (selected.length > 0 && selected.every((entry) => entry.can_approve));
  const count = allWaiting ? waitingCount : selected.length;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2" role="group" aria-label="Selected comments">
      <div className="form-check mb-0">
        <input
          ref={all}
          id="select-all-comments"
          type="checkbox"
          className="form-check-input"
          checked={selected.length === entries.length}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        <label className="form-check-label" htmlFor="select-all-comments">
          Select all on this page
        </label>
      </div>
      {waitingCount > 0 && (
        <div className="form-check mb-0">
          <input
            id="select-all-waiting"
            type="checkbox"
            className="form-check-input"
            checked={allWaiting}
            onChange={(event) => onSelectAllWaiting(event.target.checked)}
          />
          <label className="form-check-label" htmlFor="select-all-waiting">
            Select all {waitingCount.toLocaleString('en')} waiting, on every page
          </label>
        </div>
      )}
      <span className="text-body-secondary small" aria-live="polite">
        {count === 0 ? 'None selected' : `${count.toLocaleString('en')} selected`}
      </span>
      <Button size="sm" variant="outline-success" disabled={!approvable} onClick={onApprove}>
        <Icon name="bi-check-lg" className="me-1" />
        Approve selected
      </Button>
      <Button size="sm" variant="outline-danger" disabled={count === 0} onClick={onDelete}>
        <Icon name="bi-trash" className="me-1" />
        Delete selected…
      </Button>
      {count > 0 && !approvable && <span className="small text-body-secondary w-100">{COMMENT_MESSAGES.bulkNotApprovable}</span>}
    </div>
  );
}

/** Flaggers whose flags admins approved again and again, for admins to judge their next flags by. */
function RepeatFlaggers({ flaggers }: { flaggers: RepeatFlagger[] }) {
  return (
    <div className="card mb-3">
      <div className="card-body py-2">
        <h2 className="h6">Repeat flaggers of approved comments</h2>
        <ul className="mb-0 small">
          {flaggers.map((flagger) => (
            <li key={flagger.ref}>
              <AppLink href={ROUTES.user.path({ ref: flagger.ref })} prefetch={false}>
                {flagger.name}
              </AppLink>
              : {flagger.approvedFlags} of {plural(flagger.totalFlags, 'flag')} on comments admins approved
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
