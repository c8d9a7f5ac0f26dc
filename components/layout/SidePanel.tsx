import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { focusablesWithin, keepTabInside } from '../lib/focus-cycle';

interface SidePanelProps {
  id: string;
  label: string;
  side: 'start' | 'end';
  /** On small screens the panel slides over the content instead of sitting beside it. */
  overlay: boolean;
  open: boolean;
  onClose: () => void;
  hidden?: boolean;
  children: ReactNode;
}

/**
 * A sidebar that is either inline or an off-canvas overlay. The children stay mounted in the
 * same place in both modes, so a page's portal into the right sidebar survives a resize.
 */
export default function SidePanel({ id, label, side, overlay, open, onClose, hidden = false, children }: SidePanelProps) {
  const showOverlay = overlay && open && !hidden;
  const panelRef = useRef<HTMLElement>(null);
  useCloseOnEscape(showOverlay, onClose);
  useFocusTrap(panelRef, showOverlay);

  const className = overlay ? `offcanvas offcanvas-${side} ${showOverlay ? 'show' : ''}` : `app-sidebar app-sidebar-${side} flex-shrink-0`;
  return (
    <>
      <aside
        ref={panelRef}
        id={id}
        aria-label={label}
        className={className}
        hidden={hidden}
        inert={overlay && !showOverlay}
        aria-hidden={overlay && !showOverlay ? true : undefined}
        {...(overlay ? { role: 'dialog', 'aria-modal': showOverlay } : {})}
      >
        {overlay && (
          <div className="offcanvas-header">
            <h2 className="offcanvas-title h5">{label}</h2>
            <button type="button" className="btn-close" aria-label={`Close ${label.toLowerCase()}`} onClick={onClose} />
          </div>
        )}
        <div className={overlay ? 'offcanvas-body' : 'p-3'}>{children}</div>
      </aside>
      {showOverlay && <div className="offcanvas-backdrop fade show" onClick={onClose} aria-hidden="true" />}
    </>
  );
}

function useCloseOnEscape(active: boolean, onClose: () => void) {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, onClose]);
}

/**
 * While the overlay is open the focus starts on its first control and Tab cycles inside it; when
 * it closes the focus goes back to where it was (the button that opened it), unless a navigation
 * has since moved it on purpose.
 */
function useFocusTrap(panelRef: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const panel = panelRef.current;
    if (!active || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusablesWithin(panel)[0]?.focus();
    const keepFocusInside = (event: KeyboardEvent) => keepTabInside(event, panel);
    document.addEventListener('keydown', keepFocusInside);
    return () => {
      document.removeEventListener('keydown', keepFocusInside);
      const focusWasInside = panel.contains(document.activeElement) || document.activeElement === document.body;
      if (focusWasInside && opener?.isConnected) opener.focus();
    };
  }, [panelRef, active]);
}
