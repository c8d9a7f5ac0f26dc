import { useId, useState } from 'react';
import { usePage } from '@inertiajs/react';
import { fieldError } from '../inline-edit/inline-values';
import { patchKeepingScroll } from '../lib/visits';
import { useUserSearch, type UserSearcher } from './useUserSearch';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

const FIELD = 'created_by_user_ref';

export interface MaintainerPickerProps {
  itemRef: string;
  maintainer: { name: string | null; email: string | null };
  /** Admins reassign the maintainer (the page's `editable.maintainer`). */
  editable: boolean;
  /** Replaces GET /user/search, e.g. in tests. */
  searchUsers?: UserSearcher;
}

/** The item's maintainer, and for admins a search to hand the item to someone else. */
export default function MaintainerPicker({ itemRef, maintainer, editable, searchUsers }: MaintainerPickerProps) {
  const [picking, setPicking] = useState(false);
  const [query, setQuery] = useState('');
  const [refused, setRefused] = useState(false);
  const users = useUserSearch(picking ? query : '', searchUsers);
  const { errors } = usePage().props;
  const inputId = useId();
  const errorId = useId();
  const error = picking && refused ? fieldError(errors, FIELD) : null;

  const close = () => {
    setPicking(false);
    setQuery('');
    setRefused(false);
  };
  const pick = (userRef: string) =>
    patchKeepingScroll(ROUTES.item.path({ ref: itemRef }), { [FIELD]: userRef }, { onSuccess: close, onError: () => setRefused(true) });

  const shown = maintainer.name ? `${maintainer.name}${maintainer.email ? ` <${maintainer.email}>` : ''}` : 'Nobody';
  if (!picking) {
    return (
      <div className="d-flex align-items-start gap-2">
        <span className="flex-grow-1">{shown}</span>
        {editable && (
          <button type="button" className="btn btn-sm btn-link p-0" aria-label="Change maintainer" onClick={() => setPicking(true)}>
            <Icon name="bi-pencil" />
          </button>
        )}
      </div>
    );
  }
  return (
    <div onKeyDown={(event) => event.key === 'Escape' && close()}>
      <div className="d-flex gap-1">
        <input
          id={inputId}
          type="search"
          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
          aria-label="Search users by name or e-mail"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoFocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="button" className="btn btn-sm btn-outline-secondary" aria-label="Cancel changing maintainer" onClick={close}>
          <Icon name="bi-x-lg" />
        </button>
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {users.length > 0 && (
        <ul className="list-group mt-1" aria-label="Matching users">
          {users.map((user) => (
            <li key={user.ref} className="list-group-item p-0">
              <button type="button" className="btn btn-sm btn-link text-start w-100" onClick={() => pick(user.ref)}>
                {user.nameAndContactForDisplay}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
