import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { Content } from '../../shared/content';
import { LEVEL_SHORT_NAMES, type AccessLevel } from '../../shared/levels';
import { postKeepingScroll } from '../lib/visits';
import ContentFormatIcon from './ContentFormatIcon';
import ContentShareButton from '../share/ContentShareButton';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';
import { onDemand } from '../lib/on-demand';
import NewTabLink from '../lib/NewTabLink';
import { useAbsoluteUrl } from '../lib/useAbsoluteUrl';

// The editors of a row opened in edit mode, which no visitor's page shows.
const ContentEditor = onDemand(() => import('./ContentEditor'));

/** What a row shows and offers, as the page's flags allow. */
export interface ContentRowFlags {
  /** Edit mode is on and the viewer manages the item's content. */
  editing: boolean;
  /** Admins: published, minimum access level, is-sample-of. */
  curate: boolean;
  showSampleBadge: boolean;
  showLevelBadge: boolean;
  showUnpublishedBadge: boolean;
}

export interface ContentRowProps {
  content: Content;
  /** The item's other non-sample content, which this one may be a sample of. */
  fullVersions: Content[];
  first: boolean;
  last: boolean;
  flags: ContentRowFlags;
}

/** One content file: collapsed, it reads like the list; in edit mode it expands into its editors. */
export default function ContentRow({ content, fullVersions, first, last, flags }: ContentRowProps) {
  const [expanded, setExpanded] = useState(false);
  const open = flags.editing && expanded;
  return (
    <li className="list-group-item" aria-label={content.label}>
      <div className="d-flex align-items-start gap-2 gap-sm-3">
        <ContentFormatIcon format={content.format} />
        <ContentSummary content={content} flags={flags} />
        {!flags.editing && <ContentShareButton content={content} />}
        {flags.editing && (
          <div className="d-flex gap-1 flex-shrink-0">
            <Button size="sm" variant="outline-secondary" aria-label={`Move ${content.label} up`} disabled={first} onClick={() => reposition(content, false)}>
              <Icon name="bi-arrow-up" />
            </Button>
            <Button size="sm" variant="outline-secondary" aria-label={`Move ${content.label} down`} disabled={last} onClick={() => reposition(content, true)}>
              <Icon name="bi-arrow-down" />
            </Button>
            <Button
              size="sm"
              variant="outline-primary"
              aria-expanded={open}
              aria-label={`${open ? 'Collapse' : 'Expand'} ${content.label}`}
              onClick={() => setExpanded(!open)}
              onPointerEnter={ContentEditor.preload}
              onFocus={ContentEditor.preload}
            >
              <Icon name={open ? 'bi-chevron-up' : 'bi-pencil'} />
            </Button>
          </div>
        )}
      </div>
      {open && <ContentEditor content={content} fullVersions={fullVersions} curate={flags.curate} />}
    </li>
  );
}

function ContentSummary({ content, flags }: { content: Content; flags: ContentRowFlags }) {
  const path = ROUTES.content.path({ ref: content.ref });
  // A printed page names each file's whole address after its name (print.css), so paper still leads to it.
  const printedAddress = useAbsoluteUrl(path) ?? undefined;
  const facts = [content.length_minutes !== null ? `${content.length_minutes} min` : null, content.size, content.copyright].filter(Boolean);
  return (
    // min-w-0 and text-break: a long file name wraps instead of pushing the row's buttons off a phone's screen.
    <div className="flex-grow-1 min-w-0">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <NewTabLink href={path} rel="noopener" className="fw-semibold text-break" data-print-href={printedAddress}>
          {content.label}
        </NewTabLink>
        {flags.showSampleBadge && content.is_sample && (
          <Badge bg="info" text="dark">
            Sample{content.is_sample_of_label ? ` of ${content.is_sample_of_label}` : ''}
          </Badge>
        )}
        {flags.showLevelBadge && content.minimum_access_level > 0 && (
          <Badge bg="secondary" title="Minimum access level">
            {content.minimum_access_level}: {LEVEL_SHORT_NAMES[content.minimum_access_level as AccessLevel]}
          </Badge>
        )}
        {flags.showUnpublishedBadge && !content.published && (
          <Badge bg="warning" text="dark">
            Unpublished
          </Badge>
        )}
      </div>
      {content.description && (
        <p className="mb-1 small" style={{ whiteSpace: 'pre-wrap' }}>
          {content.description}
        </p>
      )}
      {facts.length > 0 && <p className="mb-0 small text-body-secondary">{facts.join(' · ')}</p>}
    </div>
  );
}

function reposition(content: Content, increase: boolean) {
  postKeepingScroll(ROUTES.contentReposition.path({ ref: content.ref }), { increase });
}
