import { useEffect } from 'react';
import { router } from '@inertiajs/react';
import Notice from '../lib/Notice';
import Spinner from 'react-bootstrap/Spinner';
import { ADVANCED_RUN_POLL_MS, type AdvancedRunView } from '../../shared/advanced';
import { useDates } from '../lib/useDates';

/** The props a poll reloads: the run's progress, and its report once it has ended. */
export const RUN_POLL_PROPS = ['run', 'response', 'recentRuns'];

/**
 * An action that is still running: who started it and when, its latest progress, and a poll (one reload at a time,
 * ADVANCED_RUN_POLL_MS apart) until the server answers with its report instead.
 */
export default function RunningAction({ run }: { run: AdvancedRunView }) {
  const dates = useDates();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      timer = setTimeout(() => {
        router.reload({ only: RUN_POLL_PROPS, onFinish: () => !stopped && poll() });
      }, ADVANCED_RUN_POLL_MS);
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [run.id]);
  return (
    // Not role="alert": the box is redrawn every second, and only its progress line (a polite live region) should be read out.
    <Notice variant="info" role="group" className="d-flex gap-3 align-items-start" aria-label="Running action">
      <Spinner animation="border" size="sm" role="status" className="mt-1 flex-shrink-0">
        <span className="visually-hidden">Running</span>
      </Spinner>
      <div className="min-w-0 text-break">
        <div>
          <strong>{run.label}</strong> is running: started {dates.dayAndTime(run.startedAt)}
          {run.startedBy !== '' && ` by ${run.startedBy}`}. Its report shows here when it ends; you can leave this page meanwhile (Recent runs keeps it).
        </div>
        <div aria-live="polite" className="small mt-1">
          {run.progress !== '' ? run.progress : 'Starting…'}
        </div>
      </div>
    </Notice>
  );
}
