import { usePage } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';

/** Marks every page of any site that is not the production host. */
export default function EnvironmentBadge() {
  if (usePage().props.isProductionHost) return null;
  return (
    <Badge bg="warning" text="dark" className="text-uppercase" title="This is not the production site: changes here are for trying things out.">
      Sandbox<span className="visually-hidden">: not the production site</span>
    </Badge>
  );
}
