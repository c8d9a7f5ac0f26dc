import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { EMPTY_STATES } from '../../../shared/messages';
import type { PageProps } from '../../../shared/pages';
import {
  ADMIN_TAXONOMIES_TITLE,
  TAXONOMY_FIELD_LABELS,
  TAXONOMY_FLAG_FIELDS,
  TAXONOMY_TEXTS,
  type AdminTaxonomySummary,
} from '../../../shared/taxonomies-admin';
import NewTaxonomyModal from '../../../components/admin-taxonomies/NewTaxonomyModal';
import PageHeader from '../../../components/layout/PageHeader';
import { ROUTES } from '../../../shared/routes';

/** /admin/taxonomy (admin-curation §2 "Taxonomies and tags"): every taxonomy with its usage note and flags, and Create New. */
export default function AdminTaxonomyIndex({ taxonomies }: PageProps<'admin/taxonomy/Index'>) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Head title={ADMIN_TAXONOMIES_TITLE} />
      <PageHeader title={ADMIN_TAXONOMIES_TITLE} action={{ label: TAXONOMY_TEXTS.createNew, icon: 'bi-plus-lg', onClick: () => setCreating(true) }} />
      {taxonomies.length === 0 ? (
        <Alert variant="warning">{EMPTY_STATES.taxonomies}</Alert>
      ) : (
        <ul className="list-group" aria-label={ADMIN_TAXONOMIES_TITLE}>
          {taxonomies.map((taxonomy) => (
            <TaxonomyRow key={taxonomy.ref} taxonomy={taxonomy} />
          ))}
        </ul>
      )}
      <NewTaxonomyModal show={creating} onHide={() => setCreating(false)} />
    </>
  );
}

/** A list item whose title is the link (a screen reader announces it as one); the whole row is its target. */
function TaxonomyRow({ taxonomy }: { taxonomy: AdminTaxonomySummary }) {
  return (
    <li className="list-group-item list-group-item-action position-relative" aria-label={taxonomy.title}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Link href={ROUTES.adminTaxonomy.path({ ref: taxonomy.ref })} className="fw-semibold stretched-link text-reset text-decoration-none">
          {taxonomy.title}
        </Link>
        <span className="text-body-secondary small">
          {taxonomy.tag_count} {taxonomy.tag_count === 1 ? 'tag' : 'tags'}
        </span>
        {TAXONOMY_FLAG_FIELDS.filter((field) => taxonomy[field]).map((field) => (
          <Badge key={field} bg="secondary">
            {TAXONOMY_FIELD_LABELS[field]}
          </Badge>
        ))}
      </div>
      {taxonomy.usage_note && <div className="small text-body-secondary mt-1">{taxonomy.usage_note}</div>}
    </li>
  );
}
