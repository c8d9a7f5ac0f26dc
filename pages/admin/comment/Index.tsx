import { useState } from 'react';
import { Head } from '@inertiajs/react';
import Alert from 'react-bootstrap/Alert';
import CommentRow from '../../../components/comments/CommentRow';
import Pagination from '../../../components/pagination/Pagination';
import { EMPTY_STATES } from '../../../shared/messages';
import type { PageProps } from '../../../shared/pages';

const RELOAD = ['comments'];

/** /admin/comment (admin-curation §2): every comment for moderation, flagged ones first, with approve and delete. */
export default function AdminCommentIndex({ comments, errors }: PageProps<'admin/comment/Index'>) {
  const [editedRef, setEditedRef] = useState<string | null>(null);
  const error = typeof errors.comment === 'string' ? errors.comment : (errors.comment?.[0] ?? null);
  return (
    <>
      <Head title="Comments" />
      <h1 className="mb-3">Comments</h1>
      {comments.data.length === 0 ? (
        <Alert variant="warning">{EMPTY_STATES.comments}</Alert>
      ) : (
        <>
          <ul className="list-group mb-3" aria-label="Comments">
            {comments.data.map((comment) => (
              <CommentRow
                key={comment.ref}
                comment={comment}
                reloadOnly={RELOAD}
                showItem
                error={comment.ref === editedRef ? error : null}
                onEditSent={() => setEditedRef(comment.ref)}
              />
            ))}
          </ul>
          <Pagination links={comments.links} label="Comment pages" />
        </>
      )}
    </>
  );
}
