import type { HTMLAttributes } from 'react';

export type NoticeVariant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

/**
 * A Bootstrap alert box (`alert alert-{variant}`), role "alert" unless told otherwise. Equip's notices stay until the
 * page changes, so react-bootstrap's Alert, whose fade transition for dismissing came to about 2.5 kB of every first
 * page's script, is not used (docs/decisions/front-end.md "What a first page downloads").
 */
export default function Notice({ variant, className, role = 'alert', ...rest }: HTMLAttributes<HTMLDivElement> & { variant: NoticeVariant }) {
  return <div role={role} className={['alert', `alert-${variant}`, className].filter(Boolean).join(' ')} {...rest} />;
}
