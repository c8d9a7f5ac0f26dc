/**
 * Batch edit of the selected items: choose one action, see its impact preview (the server's dry run),
 * apply it, and undo it from the result. The server decides every item; this dialog only says what it decided. A
 * selection larger than BATCH_CHUNK is applied a chunk at a time under one batch id, with a progress bar.
 */
import { useState, type FormEvent } from 'react';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Dialog from '../lib/Dialog';
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
  type MatchingRun,
  matchingRunText,
} from '../../shared/batch-edit';
import BatchUndoOutcome from './BatchUndoOutcome';
import { countLabel } from './item-index-url';
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
  | { step: 'done'; result: BatchResult; undone?: BatchResult; matching?: MatchingRun | null };

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
  // "All matching" beyond one run: where the run to preview starts (the last item of the run before).
  const [after, setAfter] = useState<string | null>(null);
  const runSelection: BatchSelection = 'matching' in selection && after ? { matching: { ...selection.matching, after } } : selection;

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
      () => previewBatch(runSelection, action()),
      (summary) => ({ step: 'previewed', summary }),
      { step: 'choose' },
    );
  };
  const apply = () => {
    if (stage.step !== 'previewed') return;
    // What the preview listed, and nothing else, is applied: the number confirmed is the number applied.
    if (stage.summary.refs.length <= BATCH_CHUNK) {
      const previewed = stage;
      void run(
        'Applying…',
        () => applyBatch({ refs: previewed.summary.refs }, action()),
        (result) => ({ step: 'done', result, matching: previewed.summary.matching }),
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
    setStage({ step: 'done', result: { ...counts, wording, description: describeBatch(wording, counts), batch }, matching: previewed.summary.matching });
  };
  const previewNextRun = (nextAfter: string) => {
    setAfter(nextAfter);
    setStage({ step: 'choose' });
  };
  const undo = (done: Extract<Stage, { step: 'done' }>) =>
    void run(
      'Undoing…',
      () => undoBatch(done.result.batch!),
      (undone) => ({ ...done, undone }),
      done,
    );
  const close = () => {
    // A batch being applied runs to its end: closing would leave it half done without saying so.
    if (stage.step === 'applying') return;
    setStage({ step: 'choose' });
    setError(null);
    setAfter(null);
    onHide();
  };
  const runText = stage.step === 'previewed' && stage.summary.matching ? matchingRunText(stage.summary.matching) : null;
  // Before a preview, "all matching" is as many as the page counted, which stops at EXACT_COUNT_LIMIT ("1,000+").
  const shownCount = stage.step === 'previewed' ? countLabel(stage.summary.selected, 'item', 'items') : countLabel(count, 'item', 'items');
  const nextRun = stage.step === 'done' ? (stage.matching?.nextAfter ?? null) : null;

  return (
    <Dialog show={show} onHide={close} aria-labelledby="batch-edit-title" fullscreen="sm-down">
      <Form onSubmit={preview}>
        <Dialog.Header closeButton>
          <Dialog.Title id="batch-edit-title" as="h2" className="h5">
            Edit {shownCount}
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
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
            {stage.step === 'previewed' && (
              <>
                {runText && (
                  <Notice variant="warning" className="mb-2">
                    {runText}
                  </Notice>
                )}
                <p className="mb-0">This {stage.summary.description}.</p>
              </>
            )}
            {stage.step === 'done' && (
              <>
                <p className="mb-2">Done: {stage.result.description}.</p>
                {stage.undone && <BatchUndoOutcome undone={stage.undone} />}
              </>
            )}
          </div>
        </Dialog.Body>
        <Dialog.Footer>
          {stage.step === 'done' ? (
            <>
              {stage.result.batch && !stage.undone && (
                // Keys keep each button its own element: reused, the Undo button became the submit Preview while its
                // click was being handled, and the form ran a preview.
                <Button key="undo" variant="outline-secondary" onClick={() => undo(stage)}>
                  Undo
                </Button>
              )}
              {nextRun && !stage.undone && (
                <Button key="next-run" variant="outline-primary" onClick={() => previewNextRun(nextRun)}>
                  Next run
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
        </Dialog.Footer>
      </Form>
    </Dialog>
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
