import type { ReactNode } from 'react';
import { Head } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { LOGIN_PROVIDER_LABELS, type LoginProvider } from '../../shared/enums';
import type { PageProps } from '../../shared/pages';
import { USER_FIELD_LABELS, USER_FLAG_FIELDS, type UserComment, type UserDetail, type UserFlagField } from '../../shared/users';
import InlineEditableField from '../../components/inline-edit/InlineEditableField';
import ItemLink from '../../components/lib/ItemLink';
import UserActions from '../../components/users/UserActions';
import { ROUTES } from '../../shared/routes';
import { YES_NO_OPTIONS } from '../../components/inline-edit/inline-values';
import ShareEntry, { RemovedShareList, type ShareParty } from '../../components/share/ShareEntry';
import type { PersonGrants, Share } from '../../shared/sharing';

function loginProviderLabel(loginUsing: string | null): string {
  if (!loginUsing) return 'Not recorded';
  return LOGIN_PROVIDER_LABELS[loginUsing as LoginProvider] ?? loginUsing;
}

/**
 * A user's page (/user/{ref}): details edited in place, items created, comments, actions.
 * Edit and the actions follow the page's `can` flags; the user type and permission flags follow `permissions`.
 */
export default function UserShow({ user, permissions, userTypeChoices, can, grants, deletion }: PageProps<'user/Show'>) {
  const url = ROUTES.user.path({ ref: user.ref });
  const typeOptions = userTypeChoices.map((type) => ({ value: String(type.id), label: `${type.title} (level ${type.level})` }));
  return (
    <>
      <Head title={user.name} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{user.name}</h1>
        <UserActions userRef={user.ref} userName={user.name} can={can} deletion={deletion} />
      </div>
      <div className="card mb-4">
        <div className="card-body">
          <dl className="row mb-0">
            <Fact label={USER_FIELD_LABELS.name}>
              <InlineEditableField field="name" label={USER_FIELD_LABELS.name} value={user.name} url={url} editable={can.update} />
            </Fact>
            <Fact label={USER_FIELD_LABELS.email}>
              <InlineEditableField
                field="email"
                label={USER_FIELD_LABELS.email}
                value={user.email}
                url={url}
                editable={can.update}
                inputType="email"
                emptyText="None"
              />
            </Fact>
            <Fact label={USER_FIELD_LABELS.phone}>
              <InlineEditableField field="phone" label={USER_FIELD_LABELS.phone} value={user.phone} url={url} editable={can.update} emptyText="None" />
            </Fact>
            <Fact label={USER_FIELD_LABELS.user_type_id}>
              <InlineEditableField
                field="user_type_id"
                label={USER_FIELD_LABELS.user_type_id}
                mode="select"
                required
                value={String(user.user_type.id)}
                options={typeOptions}
                url={url}
                editable={permissions.changeUserType}
              />
              {user.user_type.description && <div className="small text-body-secondary">{user.user_type.description}</div>}
            </Fact>
            <Fact label="Login provider">{loginProviderLabel(user.login_using)}</Fact>
            {USER_FLAG_FIELDS.map((flag) => (
              <FlagFact key={flag} flag={flag} user={user} url={url} editable={permissions.flags[flag]} />
            ))}
          </dl>
        </div>
      </div>
      <ItemsCreated items={user.items_created} />
      <Comments comments={user.comments} />
      {grants && <Grants grants={grants} />}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-3">{label}</dt>
      <dd className="col-sm-9">{children}</dd>
    </>
  );
}

function FlagFact({ flag, user, url, editable }: { flag: UserFlagField; user: UserDetail; url: string; editable: boolean }) {
  const value = user[flag] ? 'true' : 'false';
  if (!editable && !user[flag]) return null;
  return (
    <Fact label={USER_FIELD_LABELS[flag]}>
      <InlineEditableField
        field={flag}
        label={USER_FIELD_LABELS[flag]}
        mode="select"
        required
        value={value}
        options={YES_NO_OPTIONS}
        url={url}
        editable={editable}
      />
    </Fact>
  );
}

function ItemsCreated({ items }: { items: UserDetail['items_created'] }) {
  return (
    <section aria-labelledby="items-created" className="mb-4">
      <h2 id="items-created" className="h5">
        Items created
      </h2>
      {items.length === 0 ? (
        <p className="text-body-secondary">No items</p>
      ) : (
        <ListGroup aria-labelledby="items-created">
          {items.map((item) => (
            <ListGroup.Item key={item.ref}>
              <ItemLink itemRef={item.ref}>{item.title}</ItemLink>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}

function Comments({ comments }: { comments: UserComment[] }) {
  return (
    <section aria-labelledby="user-comments" className="mb-4">
      <h2 id="user-comments" className="h5">
        Comments
      </h2>
      {comments.length === 0 ? (
        <p className="text-body-secondary">No comments</p>
      ) : (
        <ListGroup aria-labelledby="user-comments">
          {comments.map((comment) => (
            <ListGroup.Item key={comment.ref}>
              <div className="d-flex flex-wrap gap-2 align-items-center mb-1">
                <span className="small">
                  On <ItemLink itemRef={comment.item_ref}>{comment.item_title}</ItemLink>
                </span>
                {comment.flagged && <Badge bg="danger">Flagged</Badge>}
                <Badge bg={comment.approved ? 'success' : 'secondary'}>{comment.approved ? 'Approved' : 'Unapproved'}</Badge>
              </div>
              <p className="mb-0">{comment.comment}</p>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}

/** Admins: what the user shared and was given, each with Remove access, and the grants of theirs removed lately. */
function Grants({ grants }: { grants: PersonGrants }) {
  return (
    <section aria-labelledby="user-grants" className="mb-4">
      <h2 id="user-grants" className="h5">
        Shares
      </h2>
      <h3 className="h6">Shared by them</h3>
      <GrantList shares={grants.sent} party="to" label="Shared by them" empty="Nothing shared." />
      <h3 className="h6 mt-3">Shared with them</h3>
      <GrantList shares={grants.received} party="from" label="Shared with them" empty="Nothing shared with them." />
      <RemovedShareList removed={grants.removed} party="to" headingLevel={3} />
    </section>
  );
}

function GrantList({ shares, party, label, empty }: { shares: Share[]; party: ShareParty; label: string; empty: string }) {
  if (shares.length === 0) return <p className="small text-body-secondary">{empty}</p>;
  return (
    <ul className="list-group" aria-label={label}>
      {shares.map((share) => (
        <ShareEntry key={share.ref} share={share} party={party} />
      ))}
    </ul>
  );
}
