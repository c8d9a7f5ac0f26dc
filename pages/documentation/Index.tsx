import { Head } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import PageHeader from '../../components/layout/PageHeader';
import AppLink from '../../components/lib/AppLink';
import type { PageProps } from '../../shared/pages';
import { ROUTES } from '../../shared/routes';

/** /documentation: the handbook's pages. */
export default function DocumentationIndex({ pages }: PageProps<'documentation/Index'>) {
  return (
    <>
      <Head title="Documentation" />
      <PageHeader title="Documentation" />
      {pages.length === 0 ? (
        <Notice variant="warning">There are no documentation pages yet.</Notice>
      ) : (
        <div className="list-group" aria-label="Documentation pages">
          {pages.map((page) => (
            <AppLink key={page.slug} href={ROUTES.documentationPage.path({ slug: page.slug })} className="list-group-item list-group-item-action">
              <div className="fw-semibold">{page.title}</div>
              {page.summary && <div className="small text-body-secondary">{page.summary}</div>}
            </AppLink>
          ))}
        </div>
      )}
    </>
  );
}
