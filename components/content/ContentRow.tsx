import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CONTENT_FORMAT_LABELS, CONTENT_MESSAGES, type Content } from '../../shared/content';
import { CONTENT_FORMATS, EXPORT_MODE_LABELS } from '../../shared/enums';
import { ACCESS_LEVELS, LEVEL_NAMES, LEVEL_SHORT_NAMES, type AccessLevel } from '../../shared/levels';
import InlineEditableField from '../inline-edit/InlineEditableField';
import type { SelectOption } from '../inline-edit/inline-values';
import { deleteKeepingScroll, patchKeepingScroll, postKeepingScroll } from '../lib/visits';
import ContentFormatIcon from './ContentFormatIcon';
import ContentShareButton from '../share/ContentShareButton';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

/** What a row shows and offers, as the page's flags allow (member-library §6). */
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

const FORMAT_OPTIONS: SelectOption[] = CONTENT_FORMATS.map((format) => ({ value: format, label: CONTENT_FORMAT_LABELS[format] }));
const EXPORT_MODE_OPTIONS: SelectOption[] = Object.entries(EXPORT_MODE_LABELS).map(([value, label]) => ({ value, label }));
const LEVEL_OPTIONS: SelectOption[] = ACCESS_LEVELS.map((level) => ({ value: String(level), label: `${level}: ${LEVEL_NAMES[level]}` }));

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
  const facts = [content.length_minutes !== null ? `${content.length_minutes} min` : null, content.size, content.copyright].filter(Boolean);
  return (
    // min-w-0 and text-break: a long file name wraps instead of pushing the row's buttons off a phone's screen.
    <div className="flex-grow-1 min-w-0">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <a href={ROUTES.content.path({ ref: content.ref })} target="_blank" rel="noopener" className="fw-semibold text-break">
          {content.label}
        </a>
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

function ContentEditor({ content, fullVersions, curate }: { content: Content; fullVersions: Content[]; curate: boolean }) {
  const url = ROUTES.content.path({ ref: content.ref });
  const sampleOptions: SelectOption[] = fullVersions.filter((other) => other.ref !== content.ref).map((other) => ({ value: other.ref, label: other.label }));
  const remove = () => {
    if (window.confirm(CONTENT_MESSAGES.deleteConfirm)) deleteKeepingScroll(url);
  };
  return (
    <div className="mt-3 d-grid gap-2" style={{ gridTemplateColumns: 'minmax(8rem, max-content) 1fr' }}>
      <EditorLabel>Label</EditorLabel>
      <InlineEditableField field="label" label="Label" value={content.label} url={url} required />
      <EditorLabel>Description</EditorLabel>
      <InlineEditableField field="description" label="Description" value={content.description} url={url} mode="textarea" emptyText="No description" />
      <EditorLabel>Format</EditorLabel>
      <InlineEditableField field="format" label="Format" value={content.format} url={url} mode="select" options={FORMAT_OPTIONS} required />
      <EditorLabel>Length (minutes)</EditorLabel>
      <InlineEditableField field="length_minutes" label="Length (minutes)" value={content.length_minutes} url={url} mode="integer" emptyText="Not set" />
      <EditorLabel>Copyright</EditorLabel>
      <InlineEditableField field="copyright" label="Copyright" value={content.copyright} url={url} emptyText="Not set" />
      <EditorLabel>Opens as</EditorLabel>
      <InlineEditableField
        field="export_mode"
        label="Export mode"
        value={content.export_mode ?? 'normal'}
        url={url}
        mode="select"
        options={EXPORT_MODE_OPTIONS}
        required
      />
      {curate && (
        <>
          <EditorLabel>Published</EditorLabel>
          <Form.Check
            type="switch"
            role="switch"
            id={`content-published-${content.ref}`}
            label="Published"
            checked={content.published}
            onChange={(event) => patchKeepingScroll(url, { published: event.target.checked })}
          />
          <EditorLabel>Minimum access</EditorLabel>
          <InlineEditableField
            field="minimum_access_level"
            label="Minimum access level"
            value={String(content.minimum_access_level)}
            url={url}
            mode="select"
            options={LEVEL_OPTIONS}
            required
          />
          <EditorLabel>Sample of</EditorLabel>
          <InlineEditableField
            field="is_sample_of_ref"
            label="Sample of"
            value={content.is_sample_of_ref}
            url={url}
            mode="select"
            options={sampleOptions}
            emptyText="Not a sample"
          />
        </>
      )}
      <div style={{ gridColumn: '1 / -1' }}>
        <Button size="sm" variant="outline-danger" onClick={remove}>
          <Icon name="bi-trash" className="me-1" />
          Remove {content.label}
        </Button>
      </div>
    </div>
  );
}

function EditorLabel({ children }: { children: string }) {
  return <span className="small text-body-secondary pt-1">{children}</span>;
}

function reposition(content: Content, increase: boolean) {
  postKeepingScroll(ROUTES.contentReposition.path({ ref: content.ref }), { increase });
}
