import { useState, type FormEvent } from 'react';
import { Head, usePage } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { EXACT_COUNT_LIMIT } from '../../../shared/constants';
import {
  HEALTH_PROBLEMS,
  HEALTH_SCHEDULE_PERIODS,
  LIBRARY_HEALTH_ALL_TASKS_URL,
  LIBRARY_HEALTH_CHECKS,
  LIBRARY_HEALTH_CHECK_NAMES,
  LIBRARY_HEALTH_SCHEDULE_URL,
  LIBRARY_HEALTH_TASK_URL,
  LIBRARY_HEALTH_TEXTS,
  LIBRARY_HEALTH_URL,
  type HealthProblemKind,
  type HealthProblemRow,
  type HealthSchedulePeriod,
  type LibraryHealthCheck,
} from '../../../shared/library-health';
import type { PageProps } from '../../../shared/pages';
import { ROUTES } from '../../../shared/routes';
import AppLink from '../../../components/lib/AppLink';
import { postKeepingScroll } from '../../../components/lib/visits';
import Pagination from '../../../components/pagination/Pagination';
import PastLastPageNotice from '../../../components/pagination/PastLastPageNotice';

function countText(count: number): string {
  return count > EXACT_COUNT_LIMIT ? `${EXACT_COUNT_LIMIT.toLocaleString('en-GB')}+` : count.toLocaleString('en-GB');
}

/**
 * /admin/health: the library's problems by kind, each row a task for the item's maintainer (admins), the
 * server's refusal of a row's task above the rows.
 */
export default function LibraryHealth({ summaries, kind, problems, schedules }: PageProps<'admin/health/Index'>) {
  const { props } = usePage();
  const error = typeof props.errors?.item_ref === 'string' ? props.errors.item_ref : undefined;
  const count = summaries.find((summary) => summary.kind === kind)?.count ?? 0;
  return (
    <>
      <Head title={LIBRARY_HEALTH_TEXTS.title} />
      <h1 className="h3">{LIBRARY_HEALTH_TEXTS.title}</h1>
      <p className="text-body-secondary">{LIBRARY_HEALTH_TEXTS.intro}</p>
      <nav aria-label="Kinds of problem">
        <ul className="nav nav-pills flex-column flex-sm-row flex-wrap gap-1 mb-3">
          {summaries.map((summary) => (
            <li className="nav-item" key={summary.kind}>
              <AppLink
                href={`${LIBRARY_HEALTH_URL}?kind=${summary.kind}`}
                className={`nav-link d-flex justify-content-between gap-2${summary.kind === kind ? ' active' : ''}`}
                aria-current={summary.kind === kind ? 'page' : undefined}
              >
                {HEALTH_PROBLEMS[summary.kind].title}
                <Badge bg={summary.count === 0 ? 'secondary' : 'danger'}>{countText(summary.count)}</Badge>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="health-kind">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h5 mb-0 me-auto" id="health-kind">
            {HEALTH_PROBLEMS[kind].title} ({countText(count)})
          </h2>
          {count > 0 && (
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => {
                if (window.confirm(LIBRARY_HEALTH_TEXTS.makeAllConfirm(countText(count)))) postKeepingScroll(LIBRARY_HEALTH_ALL_TASKS_URL, { kind });
              }}
            >
              {LIBRARY_HEALTH_TEXTS.makeAllTasks}
            </Button>
          )}
        </div>
        {error && (
          <Notice variant="danger" role="alert">
            {error}
          </Notice>
        )}
        {problems.pastLastPage ? (
          <PastLastPageNotice pastLastPage={problems.pastLastPage} />
        ) : problems.data.length === 0 ? (
          <Notice variant="success">{LIBRARY_HEALTH_TEXTS.noProblems}</Notice>
        ) : (
          <ul className="list-group mb-3" aria-label={HEALTH_PROBLEMS[kind].title}>
            {problems.data.map((row) => (
              <ProblemRow key={row.item.ref} kind={kind} row={row} />
            ))}
          </ul>
        )}
        <Pagination links={problems.links} label="Pages of problems" />
      </section>
      <ScheduleForm schedules={schedules} />
    </>
  );
}

const rowId = (ref: string) => `health-row-${ref}`;

/** After a row's task is made its button is gone: the focus goes to the row, which now says a task is open. */
function focusRow(ref: string) {
  document.getElementById(rowId(ref))?.focus();
}

function ProblemRow({ kind, row }: { kind: HealthProblemKind; row: HealthProblemRow }) {
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2" id={rowId(row.item.ref)} tabIndex={-1}>
      <div className="me-auto text-break">
        <AppLink href={ROUTES.item.path({ ref: row.item.ref })}>
          {row.item.code} {row.item.title}
        </AppLink>
        <div className="small text-body-secondary">
          {row.detail} · {row.maintainer ?? LIBRARY_HEALTH_TEXTS.noMaintainer}
        </div>
      </div>
      {row.openTask ? (
        <Badge bg="info" text="dark">
          {LIBRARY_HEALTH_TEXTS.taskOpen}
        </Badge>
      ) : (
        row.maintainer !== null && (
          <Button
            variant="primary"
            size="sm"
            aria-label={`${LIBRARY_HEALTH_TEXTS.makeTask}: ${row.item.code} ${row.item.title}`}
            onClick={() => postKeepingScroll(LIBRARY_HEALTH_TASK_URL, { kind, item_ref: row.item.ref }, { onSuccess: () => focusRow(row.item.ref) })}
          >
            {LIBRARY_HEALTH_TEXTS.makeTask}
          </Button>
        )
      )}
    </li>
  );
}

function ScheduleForm({ schedules }: { schedules: Record<LibraryHealthCheck, HealthSchedulePeriod> }) {
  return (
    <section aria-labelledby="health-schedules" className="mt-4">
      <h2 className="h5" id="health-schedules">
        {LIBRARY_HEALTH_TEXTS.schedules}
      </h2>
      <p className="small text-body-secondary">{LIBRARY_HEALTH_TEXTS.scheduleHelp}</p>
      {LIBRARY_HEALTH_CHECK_NAMES.map((check) => (
        <ScheduleRow key={check} check={check} period={schedules[check]} />
      ))}
    </section>
  );
}

function ScheduleRow({ check, period }: { check: LibraryHealthCheck; period: HealthSchedulePeriod }) {
  const [chosen, setChosen] = useState(period);
  const save = (event: FormEvent) => {
    event.preventDefault();
    postKeepingScroll(LIBRARY_HEALTH_SCHEDULE_URL, { check, period: chosen });
  };
  return (
    <Form className="row g-2 align-items-end mb-2" onSubmit={save} aria-label={LIBRARY_HEALTH_CHECKS[check].title}>
      <Form.Group className="col-12 col-sm-8 col-md-5" controlId={`health-schedule-${check}`}>
        <Form.Label>{LIBRARY_HEALTH_CHECKS[check].title}</Form.Label>
        <Form.Select value={chosen} onChange={(event) => setChosen(event.target.value as HealthSchedulePeriod)}>
          {Object.entries(HEALTH_SCHEDULE_PERIODS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="col-12 col-sm-4 col-md-2">
        <Button type="submit" variant="outline-primary" className="w-100">
          {LIBRARY_HEALTH_TEXTS.saveSchedule}
        </Button>
      </div>
    </Form>
  );
}
