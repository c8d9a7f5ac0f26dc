import { Head } from '@inertiajs/react';
import PageHeader from '../../components/layout/PageHeader';
import AppLink from '../../components/lib/AppLink';
import type { PageProps } from '../../shared/pages';
import { ROUTES } from '../../shared/routes';

/** /documentation/{slug}: one handbook page (HTML sanitized on the server) beside the list of pages. */
export default function DocumentationShow({ pages, page }: PageProps<'documentation/Show'>) {
  return (
    <>
      <Head title={page.title} />
      <div className="row g-4">
        <nav className="col-md-3 order-md-2" aria-label="Documentation pages">
          <div className="list-group">
            {pages.map((entry) => (
              <AppLink
                key={entry.slug}
                href={ROUTES.documentationPage.path({ slug: entry.slug })}
                className={`list-group-item list-group-item-action${entry.slug === page.slug ? ' active' : ''}`}
                aria-current={entry.slug === page.slug ? 'page' : undefined}
              >
                {entry.title}
              </AppLink>
            ))}
          </div>
        </nav>
        <article className="col-md-9 order-md-1">
          <PageHeader title={page.title} />
          <div className="documentation-body" dangerouslySetInnerHTML={{ __html: page.html }} />
        </article>
      </div>
    </>
  );
}
