import { CONTENT_FORMAT_ICONS, CONTENT_FORMAT_LABELS } from '../../shared/content-list';
import type { ContentFormat } from '../../shared/enums';
import Icon from '../lib/Icon';

/** The format's icon, named for screen readers. */
export default function ContentFormatIcon({ format }: { format: ContentFormat }) {
  return <Icon name={CONTENT_FORMAT_ICONS[format]} className="fs-4" role="img" aria-label={CONTENT_FORMAT_LABELS[format]} />;
}
