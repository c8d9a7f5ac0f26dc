import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { invalidIf } from '../forms/field-error';
import { TASK_DEFAULT_PRIORITY, TASK_NOTES_MAX, TASK_PRIORITY_CHOICES, TASK_TEXT_MAX, TASK_TEXTS } from '../../shared/tasks';
import { useUserSearch, type UserSearcher } from '../item-edit/useUserSearch';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormSelectField from '../forms/FormSelectField';
import FormTextField from '../forms/FormTextField';
import { ROUTES } from '../../shared/routes';

interface TaskFormProps {
  itemRef: string;
  show: boolean;
  onHide: () => void;
  /** Whether the viewer may give the task to someone else (`taskCan.assignOthers`); otherwise it is theirs. */
  assignOthers: boolean;
  /** Replaces GET /user/search, e.g. in tests. */
  searchUsers?: UserSearcher;
}

interface TaskFormData {
  task: string;
  notes: string;
  priority: string;
  due_date: string;
  /** Empty: the task is for whoever adds it (the assignee defaults to self). */
  for_user_ref: string;
  [key: string]: string;
}

const EMPTY_TASK: TaskFormData = { task: '', notes: '', priority: String(TASK_DEFAULT_PRIORITY), due_date: '', for_user_ref: '' };

/** The Task form: task text, notes, priority, an optional due date and the assignee; posts /i/{ref}/task. */
export default function TaskForm({ itemRef, show, onHide, assignOthers, searchUsers }: TaskFormProps) {
  const { form, formId, reset, submit } = useCreateForm<TaskFormData>(
    () => ({ ...EMPTY_TASK }),
    () => ROUTES.itemTask.path({ ref: itemRef }),
    onHide,
  );
  const [assigneeName, setAssigneeName] = useState<string | null>(null);

  const resetAll = () => {
    reset();
    setAssigneeName(null);
  };
  const assign = (ref: string, name: string | null) => {
    form.setData('for_user_ref', ref);
    setAssigneeName(name);
  };

  return (
    <CreateDialog
      show={show}
      onHide={onHide}
      title={TASK_TEXTS.addTask}
      formId={formId}
      processing={form.processing}
      reset={resetAll}
      submit={submit}
      submitLabel={TASK_TEXTS.addTask}
    >
      <FormTextField
        controlId={`${formId}-task`}
        label="Task"
        name="task"
        value={form.data.task}
        error={form.errors.task}
        onChange={(value) => form.setData('task', value)}
        maxLength={TASK_TEXT_MAX}
        required
      />
      <FormTextField
        controlId={`${formId}-notes`}
        label="Notes"
        name="notes"
        value={form.data.notes}
        error={form.errors.notes}
        onChange={(value) => form.setData('notes', value)}
        rows={3}
        maxLength={TASK_NOTES_MAX}
      />
      <FormSelectField
        controlId={`${formId}-priority`}
        label="Priority"
        name="priority"
        value={form.data.priority}
        error={form.errors.priority}
        onChange={(value) => form.setData('priority', value)}
      >
        {TASK_PRIORITY_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </FormSelectField>
      <FormTextField
        controlId={`${formId}-due`}
        label="Due date (optional)"
        name="due_date"
        value={form.data.due_date}
        error={form.errors.due_date}
        onChange={(value) => form.setData('due_date', value)}
        type="date"
      />
      <AssigneeField assignOthers={assignOthers} assigneeName={assigneeName} error={form.errors.for_user_ref} onAssign={assign} searchUsers={searchUsers} />
    </CreateDialog>
  );
}

interface AssigneeFieldProps {
  assignOthers: boolean;
  /** The chosen person, or null for the viewer themselves. */
  assigneeName: string | null;
  error: string | undefined;
  onAssign: (ref: string, name: string | null) => void;
  searchUsers?: UserSearcher;
}

/** Assigned to: the viewer unless someone else is found by name or e-mail (GET /user/search), for those who may. */
function AssigneeField({ assignOthers, assigneeName, error, onAssign, searchUsers }: AssigneeFieldProps) {
  const [query, setQuery] = useState('');
  const users = useUserSearch(assignOthers ? query : '', searchUsers);
  const labelId = useId();
  return (
    <div className="mb-1" role="group" aria-labelledby={labelId}>
      <div id={labelId} className="form-label">
        Assigned to
      </div>
      <div className="d-flex align-items-center gap-2 mb-2">
        <span>{assigneeName ?? 'You'}</span>
        {assigneeName && (
          <Button size="sm" variant="link" className="p-0" onClick={() => onAssign('', null)}>
            Assign to me instead
          </Button>
        )}
      </div>
      {assignOthers && (
        <>
          <Form.Control
            type="search"
            size="sm"
            aria-label="Search users to assign the task to"
            value={query}
            {...invalidIf(error, `${labelId}-error`)}
            onChange={(event) => setQuery(event.target.value)}
          />
          {users.length > 0 && (
            <ul className="list-group mt-1" aria-label="Matching users">
              {users.map((user) => (
                <li key={user.ref} className="list-group-item p-0">
                  <button
                    type="button"
                    className="btn btn-sm btn-link text-start w-100"
                    onClick={() => {
                      onAssign(user.ref, user.nameAndContactForDisplay);
                      setQuery('');
                    }}
                  >
                    {user.nameAndContactForDisplay}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <div id={`${labelId}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
