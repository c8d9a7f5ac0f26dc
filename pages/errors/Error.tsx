import { Head } from '@inertiajs/react';
import type { PageProps } from '../../shared/pages';
import AppLink from '../../components/lib/AppLink';

/** A 5xx is our fault (a sad face); a 4xx means the thing asked for is not there for you (a box). */
function iconFor(status: number): { className: string; label: string } {
  return status >= 500
    ? { className: 'bi-emoji-frown', label: 'Sad face' }
    : { className: 'bi-box-seam', label: 'Empty box' };
}

export default function ErrorPage({ status, title, message, detail }: PageProps<'errors/Error'>) {
  const icon = iconFor(status);
  return (
    <>
      <Head title={title} />
      <section className="text-center py-5" aria-labelledby="error-title">
        <i className={`bi ${icon.className} display-1 text-body-secondary`} role="img" aria-label={icon.label} />
        <h1 id="error-title" className="mt-3">
          {title}
        </h1>
        <p className="lead">{message}</p>
        {detail && <p className="text-body-secondary">{detail}</p>}
        <AppLink href="/" className="btn btn-primary mt-3">
          Go to the home page
        </AppLink>
      </section>
    </>
  );
}
