import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { usePage } from '@inertiajs/react';
import { APP_RUNNING_MARK, CONTENT_MAX_WIDTH_PX } from '../../shared/constants';
import Breadcrumbs from './Breadcrumbs';
import ViewAsBanner from '../view-as/ViewAsBanner';
import OfflineBanner from '../offline/OfflineBanner';
import { useOfflineCopies } from '../offline/useOfflineCopies';
import FlashToasts from './FlashToasts';
import LeftSidebar from './LeftSidebar';
import { RightSidebarProvider, useRightSidebarHost } from './RightSidebar';
import SidePanel from './SidePanel';
import TopNavbar from './TopNavbar';
import { useForgetOtherUsersHistory } from './navigation-history';
import { usePageArrival } from './usePageArrival';
import { useRememberScreenSize, useScreenSize } from './useScreenSize';
import { onDemand } from '../lib/on-demand';
import './layout.css';
import './print.css';
import './dark.css';

// Banners only for those signed in, whose pages the server never renders. (A preview as a visitor is rendered on the
// server, so the view-as banner stays in the entry.)
const ImpersonationBanner = onDemand(() => import('../users/ImpersonationBanner'));
const EmailBanner = onDemand(() => import('./EmailBanner'));

const LEFT_SIDEBAR_ID = 'app-sidebar';
const RIGHT_SIDEBAR_ID = 'app-right-sidebar';

/**
 * The persistent frame around every page. Inertia
 * keeps it mounted across visits, so the sidebars' history timer and open/closed state survive.
 */
export default function AppLayout({ children }: { children: ReactNode }) {
  const { auth } = usePage().props;
  useMarkAppRunning();
  useForgetOtherUsersHistory(auth.user?.ref ?? null);
  const online = useOfflineCopies();
  const screenSize = useScreenSize();
  useRememberScreenSize(screenSize);
  const overlaySidebars = screenSize === 0;
  const { host: rightSidebarHost, setTarget: setRightSidebarTarget, filled: rightSidebarFilled } = useRightSidebarHost();
  const [openPanel, setOpenPanel] = useOpenPanelUntilNavigation();
  const arrivalAnnouncement = usePageArrival();

  const toggle = (panel: Panel, panelId: string) => ({
    panelId,
    open: openPanel === panel,
    onToggle: () => setOpenPanel(openPanel === panel ? null : panel),
  });
  const closePanel = useCallback(() => setOpenPanel(null), [setOpenPanel]);

  return (
    <RightSidebarProvider value={rightSidebarHost}>
      <a className="visually-hidden-focusable position-absolute p-2 bg-body" href="#main-content">
        Skip to content
      </a>
      <TopNavbar
        leftSidebarToggle={overlaySidebars ? toggle('left', LEFT_SIDEBAR_ID) : undefined}
        rightSidebarToggle={overlaySidebars && rightSidebarFilled ? toggle('right', RIGHT_SIDEBAR_ID) : undefined}
      />
      <div className="d-flex align-items-start">
        <SidePanel id={LEFT_SIDEBAR_ID} label="Navigation menu" side="start" overlay={overlaySidebars} open={openPanel === 'left'} onClose={closePanel}>
          <LeftSidebar />
        </SidePanel>
        <main id="main-content" className="flex-grow-1 min-w-0 px-3 py-3 mx-auto" style={{ maxWidth: CONTENT_MAX_WIDTH_PX }}>
          <OfflineBanner online={online} />
          <ViewAsBanner />
          {auth.impersonating && <ImpersonationBanner />}
          {(auth.email_missing || auth.email_unverified) && <EmailBanner />}
          <Breadcrumbs />
          {children}
        </main>
        <SidePanel
          id={RIGHT_SIDEBAR_ID}
          label="Item administration"
          side="end"
          overlay={overlaySidebars}
          open={openPanel === 'right'}
          onClose={closePanel}
          hidden={!rightSidebarFilled}
        >
          <div ref={setRightSidebarTarget} />
        </SidePanel>
      </div>
      <FlashToasts />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="page-announcer">
        {arrivalAnnouncement}
      </div>
    </RightSidebarProvider>
  );
}

type Panel = 'left' | 'right';

/** An overlay sidebar closes as soon as the user navigates elsewhere. */
function useOpenPanelUntilNavigation() {
  const { url } = usePage();
  const [state, setState] = useState<{ panel: Panel | null; url: string }>({ panel: null, url });
  const openPanel = state.url === url ? state.panel : null;
  const setOpenPanel = useCallback((panel: Panel | null) => setState({ panel, url }), [url]);
  return [openPanel, setOpenPanel] as const;
}

/**
 * `<html data-app="running">` once the app has taken over the page: a server-rendered page is read before its scripts
 * have loaded, and components/app/boot.ts keeps the taps made until then. The performance mark is when the controls
 * began to work (`npm run slow-phone`).
 */
function useMarkAppRunning() {
  useEffect(() => {
    performance.mark(APP_RUNNING_MARK);
    document.documentElement.dataset.app = 'running';
  }, []);
}
