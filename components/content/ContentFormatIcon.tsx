import { CONTENT_FORMAT_ICONS, CONTENT_FORMAT_LABELS } from '../../shared/content';
import type { ContentFormat } from '../../shared/enums';

/** The format's icon (member-library §9), named for screen readers. */
export default function ContentFormatIcon({ format }: { format: ContentFormat }) {
  return <i className={`bi ${CONTENT_FORMAT_ICONS[format]} fs-4`} role="img" aria-label={CONTENT_FORMAT_LABELS[format]} />;
}
