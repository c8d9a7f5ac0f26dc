/**
 * Batch edit of the selected items (issue 19 §1): choose one action, see its impact preview (the server's dry run),
 * apply it, and undo it from the result. The server decides every item; this dialog only says what it decided. A
 * selection larger than BATCH_CHUNK is applied a chunk at a time under one batch id, with a progress bar.
 */
import { useState, type FormEvent } from 'react';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import {
  BATCH_CHUNK,
  NO_BATCH_COUNTS,
  addBatchCounts,
  describeBatch,
  type BatchAction,
  type BatchPreview,
  type BatchResult,
  type BatchSetField,
} from '../../shared/batch-edit';
import { VISIBILITY_INFO, VISIBILITY_VALUES } from '../../shared/enums';
import type { Taxonomy } from '../../shared/items';
import { ACCESS_LEVELS, LEVEL_SHORT_NAMES } from '../../shared/levels';
import ProgressMeter from '../lib/ProgressMeter';
import { applyBatch, previewBatch, undoBatch, type BatchAnswer, type BatchSelection } from './batch-edit-requests';

type ActionKind = 'add_tags' | 'remove_tags' | BatchSetField;

const ACTION_LABELS: Record<ActionKind, string> = {
  add_tags: 'Add a tag',
  remove_tags: 'Remove a tag',
  visibility: 'Set visibility',
  minimum_access_level: 'Set minimum access level',
  created_by_user_ref: 'Set maintainer (user ref)',
  expires_at: 'Set expiry date',
  review_after: 'Set review date',
};

type Stage =
  | { step: 'choose' }
  | { step: 'busy'; what: string }
  | { step: 'applying'; done: number; of: number }
  | { step: 'previewed'; summary: BatchPreview }
  | { step: 'done'; result: BatchResult; undone?: BatchResult };

interface BatchEditDialogProps {
  show: boolean;
  onHide: () => void;
  selection: BatchSelection;
  /** How many items the selection holds, as the page counts them. */
  count: number;
  taxonomies: Taxonomy[];
}

export default function BatchEditDialog({ show, onHide, selection, count, taxonomies }: BatchEditDialogProps) {
  const [kind, setKind] = useState<ActionKind>('add_tags');
  const [value, setValue] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [error, setError] = useState<string | null>(null);

  const action = (): BatchAction => {
    if (kind === 'add_tags' || kind === 'remove_tags') return { kind, tags: [value] };
    const numeric = kind === 'visibility' || kind === 'minimum_access_level';
    return { kind: 'set', field: kind, value: numeric ? Number(value) : value };
  };
  const run = async <T,>(what: string, call: () => Promise<BatchAnswer<T>>, next: (value: T) => Stage, back: Stage) => {
    setError(null);
    setStage({ step: 'busy', what });
    const answer = await call();
    if (answer.ok) setStage(next(answer.value));
    else {
      setError(answer.message);
      setStage(back);
    }
  };
  const preview = (event: FormEvent) => {
    event.preventDefault();
    void run(
      'Working out what would change…',
      () => previewBatch(selection, action()),
      (summary) => ({ step: 'previewed', summary }),
      { step: 'choose' },
    );
  };
  const apply = () => {
    if (stage.step !== 'previewed') return;
    if (stage.summary.refs.length <= BATCH_CHUNK) {
      void run(
        'Applying…',
        () => applyBatch(selection, action()),
        (result) => ({ step: 'done', result }),
        stage,
      );
    } else void applyInChunks(stage);
  };
  /** One request per chunk, all under the batch id the first changing chunk answers; a failure stops between chunks. */
  const applyInChunks = async (previewed: Extract<Stage, { step: 'previewed' }>) => {
    const { refs, wording } = previewed.summary;
    setError(null);
    let counts = NO_BATCH_COUNTS;
    let batch: string | null = null;
    for (let start = 0; start < refs.length; start += BATCH_CHUNK) {
      setStage({ step: 'applying', done: start, of: refs.length });
      const answer = await applyBatch({ refs: refs.slice(start, start + BATCH_CHUNK) }, action(), batch ?? undefined);
      if (!answer.ok) {
        setError(`${answer.message} ${start.toLocaleString('en')} of ${refs.length.toLocaleString('en')} items were done.`);
        if (batch === null) {
          setStage(previewed);
          return;
        }
        break;
      }
      counts = addBatchCounts(counts, answer.value);
      batch ??= answer.value.batch;
    }
    setStage({ step: 'done', result: { ...counts, wording, description: describeBatch(wording, counts), batch } });
  };
  const undo = (result: BatchResult) =>
    void run(
      'Undoing…',
      () => undoBatch(result.batch!),
      (undone) => ({ step: 'done', result, undone }),
      { step: 'done', result },
    );
  const close = () => {
    // A batch being applied runs to its end: closing would leave it half done without saying so.
    if (stage.step === 'applying') return;
    setStage({ step: 'choose' });
    setError(null);
    onHide();
  };

  return (
    <Modal show={show} onHide={close} aria-labelledby="batch-edit-title" fullscreen="sm-down">
      <Form onSubmit={preview}>
        <Modal.Header closeButton>
          <Modal.Title id="batch-edit-title" as="h2" className="h5">
            Edit {count.toLocaleString('en')} {count === 1 ? 'item' : 'items'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Notice variant="danger" role="alert">
              {error}
            </Notice>
          )}
          <fieldset disabled={stage.step !== 'choose' && stage.step !== 'previewed'}>
            <Form.Group className="mb-3" controlId="batch-action">
              <Form.Label>Change</Form.Label>
              <Form.Select
                value={kind}
                onChange={(event) => {
                  setKind(event.target.value as ActionKind);
                  setValue('');
                  setStage({ step: 'choose' });
                }}
              >
                {(Object.keys(ACTION_LABELS) as ActionKind[]).map((each) => (
                  <option key={each} value={each}>
                    {ACTION_LABELS[each]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <ValueField kind={kind} value={value} taxonomies={taxonomies} onChange={(next) => (setValue(next), setStage({ step: 'choose' }))} />
          </fieldset>
          <div role="status" aria-live="polite">
            {stage.step === 'busy' && (
              <p className="mb-0">
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {stage.what}
              </p>
            )}
            {stage.step === 'applying' && (
              <>
                <p className="mb-2">
                  Applying: {stage.done.toLocaleString('en')} of {stage.of.toLocaleString('en')} items done…
                </p>
                <ProgressMeter label="Batch progress" now={stage.done} max={stage.of} />
              </>
            )}
            {stage.step === 'previewed' && <p className="mb-0">This {stage.summary.description}.</p>}
            {stage.step === 'done' && (
              <>
                <p className="mb-2">Done: {stage.result.description}.</p>
                {stage.undone && <p className="mb-0">Undone: {stage.undone.description}.</p>}
              </>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          {stage.step === 'done' ? (
            <>
              {stage.result.batch && !stage.undone && (
                // Keys keep each button its own element: reused, the Undo button became the submit Preview while its
                // click was being handled, and the form ran a preview.
                <Button key="undo" variant="outline-secondary" onClick={() => undo(stage.result)}>
                  Undo
                </Button>
              )}
              <Button key="close" onClick={close}>
                Close
              </Button>
            </>
          ) : (
            <>
              <Button key="preview" variant="outline-secondary" type="submit" disabled={value === '' && !kind.endsWith('_at') && kind !== 'review_after'}>
                Preview
              </Button>
              <Button key="apply" onClick={apply} disabled={stage.step !== 'previewed' || stage.summary.changed === 0}>
                Apply
              </Button>
            </>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function ValueField({ kind, value, taxonomies, onChange }: { kind: ActionKind; value: string; taxonomies: Taxonomy[]; onChange: (value: string) => void }) {
  const select = (label: string, options: { value: string | number; label: string }[]) => (
    <Form.Group className="mb-3" controlId="batch-value">
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  if (kind === 'add_tags' || kind === 'remove_tags') {
    return select(
      'Tag',
      taxonomies.flatMap((taxonomy) => taxonomy.tags.map((tag) => ({ value: tag.ref, label: `${taxonomy.title} › ${tag.fullLabel ?? tag.label}` }))),
    );
  }
  if (kind === 'visibility')
    return select(
      'Visibility',
      VISIBILITY_VALUES.map((state) => ({ value: state, label: VISIBILITY_INFO[state].label })),
    );
  if (kind === 'minimum_access_level')
    return select(
      'Minimum access level',
      ACCESS_LEVELS.map((level) => ({ value: level, label: LEVEL_SHORT_NAMES[level] })),
    );
  const date = kind !== 'created_by_user_ref';
  return (
    <Form.Group className="mb-3" controlId="batch-value">
      <Form.Label>{date ? 'Date (empty clears it)' : 'User ref'}</Form.Label>
      <Form.Control type={date ? 'date' : 'text'} value={value} onChange={(event) => onChange(event.target.value)} />
    </Form.Group>
  );
}
