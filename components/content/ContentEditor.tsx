import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CONTENT_MESSAGES, type Content } from '../../shared/content';
import { CONTENT_FORMAT_LABELS } from '../../shared/content-list';
import { CONTENT_FORMATS, EXPORT_MODE_LABELS } from '../../shared/enums';
import { ACCESS_LEVELS, LEVEL_NAMES } from '../../shared/levels';
import InlineEditableField from '../inline-edit/InlineEditableField';
import type { SelectOption } from '../inline-edit/inline-values';
import { deleteKeepingScroll, patchKeepingScroll } from '../lib/visits';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

const FORMAT_OPTIONS: SelectOption[] = CONTENT_FORMATS.map((format) => ({ value: format, label: CONTENT_FORMAT_LABELS[format] }));
const EXPORT_MODE_OPTIONS: SelectOption[] = Object.entries(EXPORT_MODE_LABELS).map(([value, label]) => ({ value, label }));
const LEVEL_OPTIONS: SelectOption[] = ACCESS_LEVELS.map((level) => ({ value: String(level), label: `${level}: ${LEVEL_NAMES[level]}` }));

/** A content file's fields, each edited in place, and its removal, in edit mode. */
export default function ContentEditor({ content, fullVersions, curate }: { content: Content; fullVersions: Content[]; curate: boolean }) {
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
