import { useState, type ReactNode } from 'react';
import { Head, Link } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
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
import ReorderableList from '../../../components/lib/ReorderableList';
import { ROUTES } from '../../../shared/routes';

/** /admin/taxonomy: every taxonomy with its usage note and flags, and Create New. */
export default function AdminTaxonomyIndex({ taxonomies }: PageProps<'admin/taxonomy/Index'>) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Head title={ADMIN_TAXONOMIES_TITLE} />
      <PageHeader title={ADMIN_TAXONOMIES_TITLE} action={{ label: TAXONOMY_TEXTS.createNew, icon: 'bi-plus-lg', onClick: () => setCreating(true) }} />
      {taxonomies.length === 0 ? (
        <Notice variant="warning">{EMPTY_STATES.taxonomies}</Notice>
      ) : (
        <ReorderableList
          rows={taxonomies}
          place={{ offset: 0, total: taxonomies.length }}
          refOf={(taxonomy) => taxonomy.ref}
          nameOf={(taxonomy) => taxonomy.title}
          repositionUrl={(ref) => ROUTES.adminTaxonomyReposition.path({ ref })}
          label={ADMIN_TAXONOMIES_TITLE}
          as="ul"
          className="list-group"
          itemClassName="list-group-item list-group-item-action position-relative"
          renderRow={(taxonomy, tools) => <TaxonomyRow taxonomy={taxonomy} tools={tools} />}
        />
      )}
      <NewTaxonomyModal show={creating} onHide={() => setCreating(false)} />
    </>
  );
}

/** A row whose title is the link (a screen reader announces it as one); the whole row is its target, but for the move tools. */
function TaxonomyRow({ taxonomy, tools }: { taxonomy: AdminTaxonomySummary; tools: ReactNode }) {
  return (
    <>
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
        <div className="ms-auto">{tools}</div>
      </div>
      {taxonomy.usage_note && <div className="small text-body-secondary mt-1">{taxonomy.usage_note}</div>}
    </>
  );
}
