import type { ReactNode } from 'react';

/** A record's field as a small bold label over its value or editor, and any help below (a collection's details, the admin record pages). */
export default function LabelledField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className="small fw-semibold">{label}</div>
      {children}
    </div>
  );
}
