import { Head, router } from '@inertiajs/react';
import Pagination from '../../components/pagination/Pagination';
import PastLastPageNotice from '../../components/pagination/PastLastPageNotice';
import ReopenModeSwitch from '../../components/tasks/ReopenModeSwitch';
import TaskList from '../../components/tasks/TaskList';
import type { PageProps } from '../../shared/pages';
import { TASK_REOPEN_PARAM, TASK_TEXTS } from '../../shared/tasks';

const MY_TASKS_PATH = '/task';

/** /task, My Tasks: the tasks assigned to the viewer, open first; Re-Open mode is a visit of its own. */
export default function TaskIndex({ tasks, reopenMode, emptyText }: PageProps<'task/Index'>) {
  const switchReopenMode = (on: boolean) => router.get(MY_TASKS_PATH, on ? { [TASK_REOPEN_PARAM]: '1' } : {}, { preserveScroll: true });
  return (
    <>
      <Head title={TASK_TEXTS.myTasks} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="mb-0">{TASK_TEXTS.myTasks}</h1>
        <ReopenModeSwitch on={reopenMode} onChange={switchReopenMode} />
      </div>
      <Pagination links={tasks.links} label="My Tasks pages" className="mb-3" />
      {tasks.pastLastPage ? (
        <PastLastPageNotice pastLastPage={tasks.pastLastPage} />
      ) : (
        <TaskList tasks={tasks.data} reopenMode={reopenMode} label={TASK_TEXTS.myTasks} showItem showAssignee={false} emptyText={emptyText} />
      )}
      <Pagination links={tasks.links} label="My Tasks pages, again" className="mt-3" />
    </>
  );
}
