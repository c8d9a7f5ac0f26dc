import type { ReactNode } from 'react';
import type { ItemDetail } from '../../shared/items';
import EditableItemField, { type EditableItemFieldProps } from '../item-edit/EditableItemField';
import { displayWith } from './field-display';
import { formatYearMonth } from '../../shared/dates';

type DetailsItem = Pick<
  ItemDetail,
  'ref' | 'title' | 'topic' | 'blurb' | 'authors' | 'available_external_link' | 'initial_publication_year_month' | 'last_updated_year_month'
>;

/**
 * Edit mode's version of the overview and the facts: each field of the item with its own inline
 * editor, saved one at a time. Errors from the server show under the field.
 */
export default function ItemDetailsEditor({ item, editable }: { item: DetailsItem; editable: boolean }) {
  const editorFor = (props: Omit<EditableItemFieldProps, 'itemRef' | 'editable'>) => <EditableItemField {...props} itemRef={item.ref} editable={editable} />;
  return (
    <section aria-labelledby="item-details-title" className="mb-3">
      <h2 id="item-details-title" className="h5">
        Details
      </h2>
      <dl className="mb-0">
        <DetailRow label="Title">{editorFor({ field: 'title', label: 'Title', value: item.title })}</DetailRow>
        <DetailRow label="Topic">{editorFor({ field: 'topic', label: 'Topic', value: item.topic, emptyText: 'None' })}</DetailRow>
        <DetailRow label="Blurb">{editorFor({ field: 'blurb', label: 'Blurb', mode: 'textarea', minRows: 3, value: item.blurb, emptyText: 'None' })}</DetailRow>
        <DetailRow label="Authors">
          {editorFor({ field: 'authors', label: 'Authors', mode: 'array', value: item.authors, placeholder: 'One author per line', emptyText: 'None' })}
        </DetailRow>
        <DetailRow label="External link">
          {editorFor({ field: 'available_external_link', label: 'External link', inputType: 'url', value: item.available_external_link, emptyText: 'None' })}
        </DetailRow>
        <DetailRow label="First published">
          {editorFor({
            field: 'initial_publication_year_month',
            label: 'First published',
            inputType: 'month',
            value: item.initial_publication_year_month,
            renderValue: displayWith(formatYearMonth, 'Not known'),
          })}
        </DetailRow>
        <DetailRow label="Last updated">
          {editorFor({
            field: 'last_updated_year_month',
            label: 'Last updated',
            inputType: 'month',
            value: item.last_updated_year_month,
            renderValue: displayWith(formatYearMonth, 'Not known'),
          })}
        </DetailRow>
      </dl>
    </section>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row mb-2">
      <dt className="col-sm-3">{label}</dt>
      <dd className="col-sm-9 mb-0">{children}</dd>
    </div>
  );
}
