import { useEffect, useState } from 'react';
import { Head, router } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { USER_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { USER_LIST_LEVEL_FILTERS } from '../../shared/levels';
import { USER_INVITATIONS_TITLE, USER_INVITATIONS_URL, USER_LIST_URL } from '../../shared/navigation';
import { EMPTY_STATES } from '../../shared/messages';
import type { PageProps } from '../../shared/pages';
import { type UserLevelFilter, type UserListEntry } from '../../shared/users';
import AppLink from '../../components/lib/AppLink';
import Pagination from '../../components/pagination/Pagination';
import PastLastPageNotice from '../../components/pagination/PastLastPageNotice';
import { userListQuery, type UserListFilters } from '../../components/users/user-list-url';
import { ROUTES } from '../../shared/routes';
import Icon from '../../components/lib/Icon';

const visitList = (filters: UserListFilters) => router.get(USER_LIST_URL, userListQuery(filters), { preserveState: true, preserveScroll: true });

/** All users, with search and the level groups of USER_LIST_LEVEL_FILTERS (admins and user managers). */
export default function UserIndex({ users, total, filters, can }: PageProps<'user/Index'>) {
  return (
    <>
      <Head title="Users" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Users</h1>
        <span className="text-body-secondary">{total === 1 ? '1 user' : `${total} users`}</span>
        {can.invite && (
          <AppLink href={USER_INVITATIONS_URL} className="btn btn-outline-primary btn-sm">
            <Icon name="bi-envelope-plus" className="me-1" />
            {USER_INVITATIONS_TITLE}
          </AppLink>
        )}
      </div>
      <section aria-label="Filters" className="mb-3 d-flex flex-wrap gap-2 align-items-center">
        <SearchField search={filters.search} level={filters.level} />
        <LevelFilter level={filters.level} onChange={(level) => visitList({ search: filters.search, level })} />
      </section>
      {users.pastLastPage ? (
        <PastLastPageNotice pastLastPage={users.pastLastPage} />
      ) : users.data.length === 0 ? (
        <Notice variant="warning">{EMPTY_STATES.users}</Notice>
      ) : (
        <UserTable users={users.data} />
      )}
      <Pagination links={users.links} label="Pages of users" />
    </>
  );
}

/** Searches USER_SEARCH_DEBOUNCE_MS after the last keystroke. */
function SearchField({ search, level }: { search: string; level: UserLevelFilter | null }) {
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => visitList({ search: text, level }), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, level]);
  return (
    <Form role="search" className="flex-grow-1" style={{ minWidth: 220 }} onSubmit={(event) => event.preventDefault()}>
      <Form.Control
        type="search"
        size="sm"
        aria-label="Search users by name or e-mail"
        placeholder="Search users by name or e-mail"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </Form>
  );
}

function LevelFilter({ level, onChange }: { level: UserLevelFilter | null; onChange: (level: UserLevelFilter | null) => void }) {
  return (
    <ButtonGroup size="sm" aria-label="Level" className="flex-wrap">
      {USER_LIST_LEVEL_FILTERS.map((filter) => {
        const value = filter.value === '' ? null : filter.value;
        const selected = value === level;
        return (
          <Button key={filter.value} variant={selected ? 'primary' : 'outline-primary'} aria-pressed={selected} onClick={() => !selected && onChange(value)}>
            {filter.label}
          </Button>
        );
      })}
    </ButtonGroup>
  );
}

function UserTable({ users }: { users: UserListEntry[] }) {
  return (
    <Table responsive hover size="sm" aria-label="Users">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">User type</th>
          <th scope="col">Level</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.ref}>
            <td>
              {user.openable ? <AppLink href={ROUTES.user.path({ ref: user.ref })}>{user.name}</AppLink> : user.name}
              {user.admin && (
                <Badge bg="secondary" className="ms-2">
                  Admin
                </Badge>
              )}
              {user.manage_users && (
                <Badge bg="info" text="dark" className="ms-2">
                  Manages users
                </Badge>
              )}
            </td>
            <td>{user.email ?? <span className="text-body-secondary">None</span>}</td>
            <td>{user.user_type.title}</td>
            <td>{user.level}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
