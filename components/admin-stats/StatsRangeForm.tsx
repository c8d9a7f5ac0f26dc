import { useState, type FormEvent } from 'react';
import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { StatsRange } from '../../shared/stats';

/** The From and To dates of every stats page; applying them visits the same page with ?from=&to=. */
export default function StatsRangeForm({ range, path }: { range: StatsRange; path: string }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    router.get(path, { from, to });
  };
  return (
    <Form className="d-flex flex-wrap align-items-end gap-2 mb-4" onSubmit={apply} aria-label="Date range">
      <Form.Group controlId="stats-from">
        <Form.Label>From</Form.Label>
        <Form.Control type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </Form.Group>
      <Form.Group controlId="stats-to">
        <Form.Label>To</Form.Label>
        <Form.Control type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </Form.Group>
      <Button type="submit" variant="primary">
        Apply
      </Button>
    </Form>
  );
}
