import { Head } from '@inertiajs/react';
import PageHeader from '../../components/layout/PageHeader';
import { API_TEXTS, type ApiReferenceField, type ApiReferenceOperation, type ApiReferenceResponse } from '../../shared/api';
import type { PageProps } from '../../shared/pages';

/** /api: the JSON API's reference, read from its OpenAPI document: every operation, its parameters and answers. */
export default function ApiIndex({ reference }: PageProps<'api/Index'>) {
  return (
    <>
      <Head title={API_TEXTS.title} />
      <PageHeader title={API_TEXTS.title} meta={<span className="text-body-secondary">Version {reference.version}</span>} />
      <p>{API_TEXTS.intro}</p>
      <dl>
        <dt>Authentication</dt>
        <dd>
          {API_TEXTS.token} <code>Authorization: Bearer equip_pat_…</code>
        </dd>
        <dt>Pages</dt>
        <dd>{API_TEXTS.pagination}</dd>
        <dt>Errors</dt>
        <dd>{API_TEXTS.errors}</dd>
        <dt>Versions</dt>
        <dd>{API_TEXTS.versioning}</dd>
        <dt>{API_TEXTS.openapi}</dt>
        <dd>
          <a href={reference.openapiPath}>{reference.openapiPath}</a>
        </dd>
      </dl>

      <nav aria-label="Operations" className="mb-4">
        <h2 className="h5">Operations</h2>
        <ul>
          {reference.operations.map((operation) => (
            <li key={operation.id}>
              <a href={`#${operation.id}`}>
                <code>
                  {operation.method} {operation.path}
                </code>
              </a>{' '}
              {operation.summary}
            </li>
          ))}
        </ul>
      </nav>

      {reference.operations.map((operation) => (
        <Operation key={operation.id} operation={operation} />
      ))}

      <section aria-labelledby="problems" className="mb-4">
        <h2 id="problems" className="h4">
          Problems
        </h2>
        <p>{API_TEXTS.errors}</p>
        <FieldTable fields={reference.problemFields} caption="Fields of a problem" />
        <dl>
          {reference.problems.map((problem) => (
            <div key={problem.slug} id={`problem-${problem.slug}`}>
              <dt>
                {problem.status} {problem.title}
              </dt>
              <dd>{problem.detail}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

function Operation({ operation }: { operation: ApiReferenceOperation }) {
  return (
    <section aria-labelledby={operation.id} className="mb-5">
      <h2 id={operation.id} className="h4">
        <code>
          {operation.method} {operation.path}
        </code>
      </h2>
      <p className="fw-semibold mb-1">{operation.summary}</p>
      <p>{operation.description}</p>
      {operation.parameters.length > 0 && (
        <>
          <h3 className="h6">Parameters</h3>
          <div className="table-responsive">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((parameter) => (
                  <tr key={`${parameter.in}-${parameter.name}`}>
                    <td>
                      <code>{parameter.name}</code>
                      {parameter.required && <span className="text-body-secondary"> (required)</span>}
                    </td>
                    <td>{parameter.in}</td>
                    <td>{parameter.type}</td>
                    <td>{parameter.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <h3 className="h6">Responses</h3>
      {operation.responses.map((response) => (
        <Response key={`${response.status}-${response.contentType}`} response={response} />
      ))}
      <h3 className="h6">Example</h3>
      {/* Wrapped, not scrolled: a phone shows the whole command, and no region needs the keyboard to scroll it. */}
      <pre className="bg-body-tertiary p-2 rounded text-wrap text-break">
        <code>{operation.curl}</code>
      </pre>
    </section>
  );
}

function Response({ response }: { response: ApiReferenceResponse }) {
  const isSuccess = response.status.startsWith('2');
  return (
    <div className="mb-3">
      <p className="mb-1">
        <strong>{response.status}</strong> {response.description} {response.contentType && <code className="small">{response.contentType}</code>}
      </p>
      {/* A refusal's fields are every problem's: the Problems section lists them once. */}
      {isSuccess && <FieldTable fields={response.fields} caption={`Fields of the ${response.status} answer`} />}
    </div>
  );
}

function FieldTable({ fields, caption }: { fields: ApiReferenceField[]; caption: string }) {
  if (fields.length === 0) return null;
  return (
    <div className="table-responsive">
      <table className="table table-sm">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.path}>
              <td>
                <code>{field.path}</code>
              </td>
              <td>{field.type}</td>
              <td>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
