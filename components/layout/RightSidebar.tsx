import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface RightSidebarHost {
  target: HTMLElement | null;
  /** Announces one page-supplied panel; returns its withdrawal. */
  register: () => () => void;
}

const RightSidebarContext = createContext<RightSidebarHost | null>(null);

export const RightSidebarProvider = RightSidebarContext.Provider;

/** The layout's side of the slot: where to render, and whether any page filled it. */
export function useRightSidebarHost() {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [panelCount, setPanelCount] = useState(0);
  const register = useCallback(() => {
    setPanelCount((count) => count + 1);
    return () => setPanelCount((count) => count - 1);
  }, []);
  const host = useMemo<RightSidebarHost>(() => ({ target, register }), [target, register]);
  return { host, setTarget, filled: panelCount > 0 };
}

/**
 * The page's side of the slot: item pages wrap their admin sections (Tasks, Access, Ownership,
 * Info) in it and the layout shows them in the right sidebar. The page decides who sees it;
 * when no page renders one, the right sidebar is not shown at all.
 */
export default function RightSidebar({ children }: { children: ReactNode }) {
  const host = use(RightSidebarContext);
  const register = host?.register;
  useEffect(() => register?.(), [register]);
  if (!host?.target) return null;
  return createPortal(children, host.target);
}
