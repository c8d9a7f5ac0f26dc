import { type FormEvent } from 'react';
import { Head, Link, router, usePage } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { PageProps } from '../../../shared/pages';
import { ROUTES } from '../../../shared/routes';
import { mergeChildTagsText, mergeImpactText, mergeRedirectText, TAG_MERGE_TEXTS } from '../../../shared/tag-merge';
import FormSelectField from '../../../components/forms/FormSelectField';
import PageHeader from '../../../components/layout/PageHeader';

/**
 * /admin/tag/{ref}/merge: choose the tag to merge into; the page then shows what the merge changes (items re-tagged,
 * those that already have the target, child tags moved, the old address) before Merge is offered.
 */
export default function AdminTagMerge({ tag, taxonomy, targets, into, preview }: PageProps<'admin/taxonomy/Merge'>) {
  const { props } = usePage();
  const error = typeof props.errors?.into === 'string' ? props.errors.into : undefined;
  const path = ROUTES.adminTagMerge.path({ ref: tag.ref });
  const taxonomyPath = ROUTES.adminTaxonomy.path({ ref: taxonomy.ref });
  const title = TAG_MERGE_TEXTS.title(tag.label);

  const choose = (ref: string) => router.get(path, ref ? { into: ref } : {}, { preserveState: true, preserveScroll: true, replace: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (into) router.post(path, { into });
  };
  const childTags = preview && mergeChildTagsText(preview);

  return (
    <>
      <Head title={title} />
      <PageHeader title={title} />
      <p>{TAG_MERGE_TEXTS.intro(tag.label)}</p>
      {targets.length === 0 ? (
        <Notice variant="info">{TAG_MERGE_TEXTS.noTargets}</Notice>
      ) : (
        <Form onSubmit={submit} style={{ maxWidth: '36rem' }} noValidate>
          <FormSelectField controlId="merge-into" label={TAG_MERGE_TEXTS.target} name="into" value={into ?? ''} error={error} onChange={choose}>
            <option value="">{TAG_MERGE_TEXTS.chooseTarget}</option>
            {targets.map((target) => (
              <option key={target.ref} value={target.ref}>
                {target.fullLabel}
              </option>
            ))}
          </FormSelectField>
          {/* Always there, so that a preview appearing in it is read out. */}
          <div aria-live="polite">
            {preview && (
              <section aria-labelledby="merge-preview-heading" className="border rounded p-3 mb-3">
                <h2 id="merge-preview-heading" className="h6">
                  {TAG_MERGE_TEXTS.previewHeading}
                </h2>
                <ul className="mb-0">
                  <li>{mergeImpactText(preview)}</li>
                  {childTags && <li>{childTags}</li>}
                  <li>{mergeRedirectText(preview)}</li>
                </ul>
              </section>
            )}
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={!preview}>
              {TAG_MERGE_TEXTS.submit}
            </Button>
            <Link href={taxonomyPath} className="btn btn-outline-secondary">
              {TAG_MERGE_TEXTS.cancel}
            </Link>
          </div>
        </Form>
      )}
    </>
  );
}
