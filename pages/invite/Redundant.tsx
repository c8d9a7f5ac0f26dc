import { Head } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import type { PageProps } from '../../shared/pages';
import AppLink from '../../components/lib/AppLink';

/** The invitation grants no higher level than the user already has, so it cannot be accepted. */
export default function InviteRedundant({ message }: PageProps<'invite/Redundant'>) {
  return (
    <>
      <Head title="Invitation" />
      <div className="mx-auto" style={{ maxWidth: 640 }}>
        <h1 className="h4 mb-3">Invitation</h1>
        <Notice variant="info">{message}</Notice>
        <AppLink href="/">Go to the library</AppLink>
      </div>
    </>
  );
}
