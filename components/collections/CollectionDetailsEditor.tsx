import { COLLECTION_TEXTS } from '../../shared/collections';
import type { PageProps } from '../../shared/pages';
import InlineEditableField from '../inline-edit/InlineEditableField';
import { YES_NO_OPTIONS } from '../inline-edit/inline-values';
import LabelledField from '../lib/LabelledField';

/** Edit mode's title, description and public flag of a collection, each edited in place. */
export default function CollectionDetailsEditor({ collection, url }: { collection: PageProps<'collection/Show'>['collection']; url: string }) {
  return (
    <div className="mb-4 d-grid gap-2">
      <LabelledField label="Title">
        <InlineEditableField field="title" label="Title" value={collection.title} url={url} />
      </LabelledField>
      <LabelledField label="Description">
        <InlineEditableField field="description" label="Description" mode="textarea" value={collection.description} url={url} emptyText="No description" />
      </LabelledField>
      <LabelledField label={COLLECTION_TEXTS.public}>
        <InlineEditableField
          field="public"
          label={COLLECTION_TEXTS.public}
          mode="select"
          required
          value={collection.public ? 'true' : 'false'}
          options={YES_NO_OPTIONS}
          url={url}
        />
        <div className="small text-body-secondary">{COLLECTION_TEXTS.publicHelp}</div>
      </LabelledField>
    </div>
  );
}
