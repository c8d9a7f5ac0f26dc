import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import ActionButtons from '../../../components/admin-advanced/ActionButtons';
import RecentRuns from '../../../components/admin-advanced/RecentRuns';
import ResponseBox from '../../../components/admin-advanced/ResponseBox';
import RunningAction from '../../../components/admin-advanced/RunningAction';
import PageHeader from '../../../components/layout/PageHeader';
import {
  ADVANCED_CHANGES,
  ADVANCED_HELLO_GREETING,
  ADVANCED_MESSAGES,
  ADVANCED_URL,
  LOG_VIEWER_URL,
  advancedConfirmText,
  type AdvancedAction,
} from '../../../shared/advanced';
import { useDates } from '../../../components/lib/useDates';
import type { PageProps } from '../../../shared/pages';

/**
 * /admin/advanced: the superadmin's actions, the last one's text report, the
 * one still running with its progress, and the recent runs.
 */
export default function AdminAdvancedIndex({ response, run: running, recentRuns, lastChecks, errors }: PageProps<'admin/advanced/Index'>) {
  const [busy, setBusy] = useState<AdvancedAction | null>(null);
  const dates = useDates();
  const run = (action: AdvancedAction) => {
    // An action that changes data says what first, with what its check last found.
    const change = ADVANCED_CHANGES[action];
    if (change && !window.confirm(advancedConfirmText(action, change.check ? (lastChecks[change.check] ?? null) : null, dates.dayAndTime))) return;
    router.post(ADVANCED_URL, { action, confirmed: change !== undefined }, { onStart: () => setBusy(action), onFinish: () => setBusy(null) });
  };
  const actionError = typeof errors.action === 'string' ? errors.action : (errors.action?.[0] ?? null);
  return (
    <>
      <Head title={ADVANCED_MESSAGES.title} />
      <PageHeader title={ADVANCED_MESSAGES.title} action={{ label: 'Hello', icon: 'bi-emoji-smile', onClick: () => window.alert(ADVANCED_HELLO_GREETING) }} />
      <Notice variant="danger">{ADVANCED_MESSAGES.warning}</Notice>
      {running && <RunningAction key={running.id} run={running} />}
      {response !== '' && <ResponseBox text={response} />}
      {actionError && <p className="text-danger">{actionError}</p>}
      <ActionButtons posting={busy} running={running?.action ?? null} onRun={run} />
      <RecentRuns runs={recentRuns} />
      <p>
        <a href={LOG_VIEWER_URL}>Server Logs</a>
      </p>
    </>
  );
}
