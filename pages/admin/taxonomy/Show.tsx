import { useState } from 'react';
import { Head, router, usePage } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import type { PageProps } from '../../../shared/pages';
import {
  deleteTaxonomyConfirm,
  NEW_TAG_TITLE,
  TAXONOMY_FIELD_LABELS,
  TAXONOMY_FLAG_FIELDS,
  TAXONOMY_TEXTS,
  untaggedItemsWarning,
} from '../../../shared/taxonomies-admin';
import NewTagModal from '../../../components/admin-taxonomies/NewTagModal';
import TagTree from '../../../components/admin-taxonomies/TagTree';
import InlineEditableField from '../../../components/inline-edit/InlineEditableField';
import PageHeader from '../../../components/layout/PageHeader';
import { ROUTES } from '../../../shared/routes';
import { TAXONOMY_CSV_TEXTS } from '../../../shared/taxonomy-csv';
import { YES_NO_OPTIONS } from '../../../components/inline-edit/inline-values';
import LabelledField from '../../../components/lib/LabelledField';

/**
 * /admin/taxonomy/{ref}: the taxonomy's fields edited in place, its tags as a tree (filter, inline edit, force-show,
 * delete, drag re-order, Move to…), New Tag, the quick-tag matrix links and Delete.
 */
export default function AdminTaxonomyShow({ taxonomy, usage, moveTargets }: PageProps<'admin/taxonomy/Show'>) {
  const [creatingTag, setCreatingTag] = useState(false);
  const { props } = usePage();
  const url = ROUTES.adminTaxonomy.path({ ref: taxonomy.ref });
  const tagError = typeof props.errors?.tag === 'string' ? props.errors.tag : null;
  const remove = () => {
    if (window.confirm(deleteTaxonomyConfirm(usage.taggedItems))) router.delete(url);
  };

  return (
    <>
      <Head title={taxonomy.title} />
      <PageHeader
        title={taxonomy.title}
        action={{ label: NEW_TAG_TITLE, icon: 'bi-plus-lg', onClick: () => setCreatingTag(true) }}
        overflow={[
          { label: TAXONOMY_TEXTS.quickTagUntagged, href: ROUTES.adminTaxonomyItems.path({ ref: taxonomy.ref }) },
          { label: TAXONOMY_TEXTS.quickTagAll, href: ROUTES.adminTaxonomyAllItems.path({ ref: taxonomy.ref }) },
          // A download, not an Inertia visit: the browser saves the file and stays on the page.
          { label: TAXONOMY_CSV_TEXTS.export, onClick: () => window.location.assign(ROUTES.adminTaxonomyCsv.path({ ref: taxonomy.ref })) },
          { label: TAXONOMY_CSV_TEXTS.import, href: ROUTES.adminTaxonomyImport.path({ ref: taxonomy.ref }) },
          { label: 'Delete', danger: true, onClick: remove },
        ]}
      />
      <div className="mb-4 d-grid gap-2">
        <LabelledField label={TAXONOMY_FIELD_LABELS.title}>
          <InlineEditableField field="title" label={TAXONOMY_FIELD_LABELS.title} value={taxonomy.title} url={url} />
        </LabelledField>
        <LabelledField label={TAXONOMY_FIELD_LABELS.usage_note}>
          <InlineEditableField
            field="usage_note"
            label={TAXONOMY_FIELD_LABELS.usage_note}
            mode="textarea"
            value={taxonomy.usage_note}
            url={url}
            emptyText="No usage note"
          />
        </LabelledField>
        <div className="d-flex flex-wrap gap-4">
          {TAXONOMY_FLAG_FIELDS.map((field) => (
            <LabelledField key={field} label={TAXONOMY_FIELD_LABELS[field]}>
              <InlineEditableField
                field={field}
                label={TAXONOMY_FIELD_LABELS[field]}
                mode="select"
                required
                value={taxonomy[field] ? 'true' : 'false'}
                options={YES_NO_OPTIONS}
                url={url}
              />
            </LabelledField>
          ))}
        </div>
        {!taxonomy.required && usage.untaggedItems > 0 && (
          <Notice variant="warning" className="small mb-0 py-2">
            {untaggedItemsWarning(usage.untaggedItems)}
          </Notice>
        )}
      </div>
      <h2 className="h5">{TAXONOMY_TEXTS.tags}</h2>
      {tagError && <Notice variant="danger">{tagError}</Notice>}
      <TagTree taxonomyRef={taxonomy.ref} tags={taxonomy.tags} moveTargets={moveTargets} />
      <NewTagModal show={creatingTag} onHide={() => setCreatingTag(false)} taxonomyRef={taxonomy.ref} tags={taxonomy.tags} />
    </>
  );
}
