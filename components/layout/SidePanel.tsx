import { useEffect, type ReactNode } from 'react';

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
  useCloseOnEscape(showOverlay, onClose);

  const className = overlay
    ? `offcanvas offcanvas-${side} ${showOverlay ? 'show' : ''}`
    : `app-sidebar app-sidebar-${side} flex-shrink-0`;
  return (
    <>
      <aside
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
