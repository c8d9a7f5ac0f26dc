import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Head, Link, router, usePage } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { invalidIf } from '../../../components/forms/field-error';
import type { PageProps } from '../../../shared/pages';
import { ROUTES } from '../../../shared/routes';
import { plural } from '../../../shared/messages';
import { csvPreviewIsEmpty, TAXONOMY_CSV_MESSAGES, TAXONOMY_CSV_TEXTS, type TaxonomyCsvPreview } from '../../../shared/taxonomy-csv';
import PageHeader from '../../../components/layout/PageHeader';

/**
 * /admin/taxonomy/{ref}/import: choose a CSV file; Preview sends its text and shows what the import would change;
 * Apply sends it again with the preview's fingerprint. Changing the file or the delete choice hides the old preview.
 */
export default function AdminTaxonomyImport({ taxonomy, preview, maxChars }: PageProps<'admin/taxonomy/Import'>) {
  const { props } = usePage();
  const serverError = typeof props.errors?.csv === 'string' ? props.errors.csv : undefined;
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const [deleteMissing, setDeleteMissing] = useState(false);
  const [previewed, setPreviewed] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = ROUTES.adminTaxonomyImport.path({ ref: taxonomy.ref });
  const title = TAXONOMY_CSV_TEXTS.title(taxonomy.title);
  const error = fileError ?? serverError;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setPreviewed(false);
    const file = event.target.files?.[0];
    if (!file) return setCsv('');
    // Characters are at most 4 bytes: a file this large cannot fit, so it is not sent.
    if (file.size > maxChars * 4) {
      setCsv('');
      return setFileError(TAXONOMY_CSV_MESSAGES.tooLarge);
    }
    setFileError(undefined);
    setCsv(await file.text());
  };
  const post = (data: Record<string, string | boolean>, onSuccess?: () => void) =>
    router.post(path, data, { preserveState: true, preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false), onSuccess });
  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    if (csv === '') return setFileError(TAXONOMY_CSV_MESSAGES.fileRequired);
    post({ csv, delete_missing: deleteMissing }, () => setPreviewed(true));
  };
  const apply = () => preview && post({ csv, delete_missing: deleteMissing, fingerprint: preview.fingerprint });
  const shown = previewed && !serverError ? preview : null;

  return (
    <>
      <Head title={title} />
      <PageHeader title={title} />
      <p>{TAXONOMY_CSV_TEXTS.intro}</p>
      <Form onSubmit={showPreview} noValidate style={{ maxWidth: '40rem' }}>
        <Form.Group className="mb-3" controlId="taxonomy-csv">
          <Form.Label>{TAXONOMY_CSV_TEXTS.file}</Form.Label>
          <Form.Control type="file" accept=".csv,text/csv" {...invalidIf(error, 'taxonomy-csv-error')} onChange={chooseFile} />
          <Form.Control.Feedback id="taxonomy-csv-error" type="invalid" style={{ whiteSpace: 'pre-line' }}>
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Check
          className="mb-3"
          id="taxonomy-csv-delete-missing"
          label={TAXONOMY_CSV_TEXTS.deleteMissing}
          checked={deleteMissing}
          onChange={(event) => {
            setDeleteMissing(event.target.checked);
            setPreviewed(false);
          }}
        />
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button type="submit" variant="primary" disabled={busy}>
            {TAXONOMY_CSV_TEXTS.preview}
          </Button>
          <Link href={ROUTES.adminTaxonomy.path({ ref: taxonomy.ref })} className="btn btn-outline-secondary">
            {TAXONOMY_CSV_TEXTS.cancel}
          </Link>
        </div>
      </Form>
      {/* Always there, so that a preview appearing in it is read out. */}
      <div aria-live="polite">{shown && <ImportPreview preview={shown} busy={busy} onApply={apply} />}</div>
    </>
  );
}

/** A deleted tag's items: '1 item loses it', '4 items lose it'. */
function itemsLoseIt(count: number): string {
  return `${plural(count, 'item')} ${count === 1 ? 'loses' : 'lose'} it`;
}

function ImportPreview({ preview, busy, onApply }: { preview: TaxonomyCsvPreview; busy: boolean; onApply: () => void }) {
  const place = (parent: string) => parent || TAXONOMY_CSV_TEXTS.topLevel;
  const sections: { heading: string; lines: string[] }[] = [
    { heading: TAXONOMY_CSV_TEXTS.adds, lines: preview.adds.map((tag) => (tag.parent ? `${tag.label} (under ${tag.parent})` : tag.label)) },
    { heading: TAXONOMY_CSV_TEXTS.renames, lines: preview.renames.map((rename) => `${rename.from} → ${rename.to}`) },
    { heading: TAXONOMY_CSV_TEXTS.moves, lines: preview.moves.map((move) => `${move.label}: ${place(move.from)} → ${place(move.to)}`) },
    { heading: TAXONOMY_CSV_TEXTS.reorders, lines: preview.reorders },
    { heading: TAXONOMY_CSV_TEXTS.forceShow, lines: preview.forceShow.map((flag) => `${flag.label}: ${flag.value ? 'yes' : 'no'}`) },
    { heading: TAXONOMY_CSV_TEXTS.deletes, lines: preview.deletes.map((tag) => `${tag.label} (${itemsLoseIt(tag.itemCount)})`) },
  ].filter((section) => section.lines.length > 0);
  return (
    <section aria-labelledby="import-preview-heading" className="border rounded p-3" style={{ maxWidth: '40rem' }}>
      <h2 id="import-preview-heading" className="h5">
        {TAXONOMY_CSV_TEXTS.previewHeading}
      </h2>
      {csvPreviewIsEmpty(preview) ? (
        <Notice variant="info" className="mb-0">
          {TAXONOMY_CSV_TEXTS.nothingChanges}
        </Notice>
      ) : (
        <>
          {sections.map((section) => (
            <div key={section.heading} className="mb-2">
              <h3 className="h6 mb-1">
                {section.heading} ({section.lines.length})
              </h3>
              <ul className="mb-0 text-break">
                {section.lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
          <Button variant={preview.deletes.length > 0 ? 'danger' : 'primary'} className="mt-2" disabled={busy} onClick={onApply}>
            {TAXONOMY_CSV_TEXTS.apply}
          </Button>
        </>
      )}
    </section>
  );
}
