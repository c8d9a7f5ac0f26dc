import { SKIPPED_REASONS, type BatchResult } from '../../shared/batch-edit';
import { itemHistoryPath } from '../../shared/history';
import { countLabel } from './item-index-url';

/** An undo's outcome, with every item it left as it was and why, each linked to its History. */
export default function BatchUndoOutcome({ undone }: { undone: BatchResult }) {
  const skipped = undone.skipped ?? [];
  return (
    <>
      <p className="mb-2">Undone: {undone.description}.</p>
      {skipped.length > 0 && (
        <>
          <p className="mb-1">Left as they are ({countLabel(skipped.length, 'item', 'items')}):</p>
          <ul className="small mb-0" aria-label="Items left as they are">
            {skipped.map((item) => (
              <li key={item.ref} className="text-break">
                <a href={itemHistoryPath(item.ref)}>{item.title ?? item.ref}</a>
                {' – '}
                {SKIPPED_REASONS[item.reason]}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
