import { usePage } from '@inertiajs/react';
import logoUrl from '../assets/logo.svg';
import AppLink from '../lib/AppLink';
import EnvironmentBadge from './EnvironmentBadge';
import LoginButton from './LoginButton';
import PageErrorsIndicator from './PageErrorsIndicator';
import SearchBox from './SearchBox';
import Icon from '../lib/Icon';
import { onDemand } from '../lib/on-demand';

// Members only, and their pages are rendered in the browser: a visitor's first page leaves the menu (and its Popper) out.
const UserMenu = onDemand(() => import('./UserMenu'));

interface PanelToggle {
  panelId: string;
  open: boolean;
  onToggle: () => void;
}

interface TopNavbarProps {
  /** Present when the sidebars overlay the content (small screens). */
  leftSidebarToggle?: PanelToggle;
  rightSidebarToggle?: PanelToggle;
}

export default function TopNavbar({ leftSidebarToggle, rightSidebarToggle }: TopNavbarProps) {
  const { appName, auth } = usePage().props;
  return (
    <header className="sticky-top">
      <nav className="navbar navbar-expand bg-dark app-navbar" data-bs-theme="dark" aria-label="Top bar">
        <div className="container-fluid flex-nowrap app-navbar-row">
          {leftSidebarToggle && <PanelToggleButton toggle={leftSidebarToggle} icon="bi-list" label="Navigation menu" />}
          <AppLink href="/" className="navbar-brand d-flex align-items-center gap-2 me-0">
            <img src={logoUrl} alt="" width={32} height={32} />
            <span className="app-brand-name">{appName}</span>
          </AppLink>
          <EnvironmentBadge />
          <div className="ms-auto d-flex align-items-center">
            <SearchBox />
            <PageErrorsIndicator />
            {rightSidebarToggle && <PanelToggleButton toggle={rightSidebarToggle} icon="bi-layout-sidebar-reverse" label="Item administration" />}
            {auth.authenticated ? <UserMenu /> : <LoginButton />}
          </div>
        </div>
      </nav>
    </header>
  );
}

function PanelToggleButton({ toggle, icon, label }: { toggle: PanelToggle; icon: string; label: string }) {
  return (
    <button
      type="button"
      className="btn btn-link link-light app-navbar-button"
      aria-label={label}
      aria-controls={toggle.panelId}
      aria-expanded={toggle.open}
      onClick={toggle.onToggle}
    >
      <Icon name={icon} className="fs-4" />
    </button>
  );
}
