import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import Alert from 'react-bootstrap/Alert';
import ActionButtons from '../../../components/admin-advanced/ActionButtons';
import ResponseBox from '../../../components/admin-advanced/ResponseBox';
import PageHeader from '../../../components/layout/PageHeader';
import { ADVANCED_HELLO_GREETING, ADVANCED_MESSAGES, ADVANCED_URL, LOG_VIEWER_URL, type AdvancedAction } from '../../../shared/advanced';
import type { PageProps } from '../../../shared/pages';

/** /admin/advanced (admin-curation §2 "Admin Advanced"): the superadmin's actions and the last one's text report. */
export default function AdminAdvancedIndex({ response, errors }: PageProps<'admin/advanced/Index'>) {
  const [busy, setBusy] = useState<AdvancedAction | null>(null);
  const run = (action: AdvancedAction) =>
    router.post(ADVANCED_URL, { action }, { onStart: () => setBusy(action), onFinish: () => setBusy(null) });
  const actionError = typeof errors.action === 'string' ? errors.action : (errors.action?.[0] ?? null);
  return (
    <>
      <Head title={ADVANCED_MESSAGES.title} />
      <PageHeader title={ADVANCED_MESSAGES.title} action={{ label: 'Hello', icon: 'bi-emoji-smile', onClick: () => window.alert(ADVANCED_HELLO_GREETING) }} />
      <Alert variant="danger">{ADVANCED_MESSAGES.warning}</Alert>
      {response !== '' && <ResponseBox text={response} />}
      {actionError && <p className="text-danger">{actionError}</p>}
      <ActionButtons busy={busy} onRun={run} />
      <p>
        <a href={LOG_VIEWER_URL}>Server Logs</a>
      </p>
    </>
  );
}
