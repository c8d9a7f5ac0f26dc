import { useId, type ReactNode } from 'react';

/** One titled block of the item's sidebars. */
export default function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mb-4">
      <h2 id={titleId} className="h6 text-uppercase text-body-secondary">
        {title}
      </h2>
      {children}
    </section>
  );
}
