import { useId, useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import type { NavigationHistoryEntry } from '../../shared/props';
import SidebarLink from './SidebarLink';
import Icon from '../lib/Icon';

interface SidebarGroupProps {
  title: string;
  icon: string;
  /** The group's entries, or why there are none to show yet. */
  entries: NavigationHistoryEntry[] | 'loading' | 'unavailable';
}

const PLACEHOLDERS = { loading: 'Loading…', unavailable: 'Not available right now' } as const;

/** A collapsible group of history entries (Recent, Frequent, Collections). */
export default function SidebarGroup({ title, icon, entries }: SidebarGroupProps) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <li className="nav-item">
      <button
        type="button"
        className="btn btn-link nav-link link-body-emphasis d-flex align-items-center gap-2 w-100 text-start"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <Icon name={icon} />
        <span className="flex-grow-1">{title}</span>
        <Icon name={open ? 'bi-chevron-down' : 'bi-chevron-right'} className="small" />
      </button>
      <Collapse in={open}>
        <div id={listId}>
          {typeof entries === 'string' ? (
            <p className="small text-body-secondary ps-4 mb-1" aria-busy={entries === 'loading'}>
              {PLACEHOLDERS[entries]}
            </p>
          ) : entries.length === 0 ? (
            <p className="small text-body-secondary ps-4 mb-1">Nothing yet</p>
          ) : (
            <ul className="nav flex-column flex-nowrap ps-3 small" aria-label={title}>
              {entries.map((entry) => (
                <SidebarLink key={entry.href} label={entry.title} href={entry.href} icon={entry.icon} />
              ))}
            </ul>
          )}
        </div>
      </Collapse>
    </li>
  );
}
