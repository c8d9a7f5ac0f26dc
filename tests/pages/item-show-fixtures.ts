/** An item page as the server would send it, and helpers to vary it, for the item page tests. */
import { vi } from 'vitest';
import type { AffirmationOption, ItemDetail, Relation } from '../../shared/items';
import type { PagePropsMap } from '../../shared/pages';
import type { AuthProps, CanFlags, SharedProps } from '../../shared/props';
import { anItemSummary } from '../support/item-fixtures';
import { MENUS, SHARED_MEMBER, pageObject } from './support';

export const RELATED: Relation = {
  ref: 'relation0001',
  admin_approved: false,
  can_delete: true,
  item: anItemSummary({ ref: 'coin00000001', title: 'Lost Coin Drama Script', topic: 'Drama' }),
};

export const ITEM: ItemDetail = {
  ...anItemSummary({
    ref: 'sheep0000001',
    title: 'Assembly Plan: The Lost Sheep',
    topic: 'Schools work',
    blurb: 'A ten-minute assembly.',
    image: '/image/img000000001/large',
    minimum_access_level: 2,
  }),
  visibility_explanation: 'Published: listed and searchable for everyone with the minimum access level.',
  authors: ['Ruth Ellis', 'Sam Ng'],
  all_images: [
    { ref: 'img000000001', extension: 'jpg', url: '/image/img000000001', public_thumbnail_large_url: '/image/img000000001/large' },
    { ref: 'img000000002', extension: 'png', url: '/image/img000000002', public_thumbnail_large_url: '/image/img000000002/large' },
  ],
  available_external_link: 'https://example.com/lost-sheep',
  initial_publication_year_month: '2021-09',
  last_updated_year_month: '2024-02',
  google_drive_folder_id: 'drive-folder-1',
  expires_at: null,
  expiring: false,
  expires_note: null,
  review_after: null,
  review: null,
  show_created_by: true,
  created_by_user_ref: 'user00000001',
  created_by_user_name: 'Priya Patel',
  created_by_user_email: null,
  show_as_user_contributed: false,
  code: 'EQ-00001',
  view_count: 1234,
  recent_view_count: 56,
  affirmations: 3,
  affirmation_stars: 1,
  affirmation_text: '2 affirmations (1 strong), 1 disapproval',
  tags: [],
  tag_groups: [
    { taxonomy: { ref: 'taxtype00001', title: 'Type' }, tags: [tag('tagresource1', 'Resource')] },
    { taxonomy: { ref: 'taxage000001', title: 'Age Group' }, tags: [tag('tagprimary01', 'Primary', 'Children')] },
  ],
  characteristics: [
    { ref: 'charlength01', title: 'Session length (minutes)', format: 'integer', minimum: 0, usage_note: '', public: true, value: '10' },
    { ref: 'charonline01', title: 'Works online', format: 'boolean', minimum: null, usage_note: '', public: true, value: 'true' },
    { ref: 'chargroup001', title: 'Group size', format: 'text', minimum: null, usage_note: '', public: true, value: null },
  ],
  relations: [RELATED],
  tasks: [
    {
      ref: 'task00000001',
      task: 'Check the film clip links',
      notes: '',
      priority: 3,
      due_date: '2025-01-10',
      due: true,
      due_soon: false,
      completed: false,
      forUserName: 'Priya Patel',
      byUserName: 'Grace Adeyemi',
      for_user_ref: null,
      item_ref: null,
      item_title: null,
      completed_at: null,
    },
    {
      ref: 'task00000002',
      task: 'Proofread the script',
      notes: '',
      priority: 2,
      due_date: null,
      due: false,
      due_soon: false,
      completed: true,
      forUserName: null,
      byUserName: null,
      for_user_ref: null,
      item_ref: null,
      item_title: null,
      completed_at: '2024-05-01T09:00:00.000Z',
    },
  ],
  contents: [],
  more_content_available: false,
  comments: [],
};

export function tag(ref: string, label: string, parentLabel: string | null = null) {
  return { ref, label, parentLabel, parentRef: null, fullLabel: parentLabel ? `${parentLabel} > ${label}` : label, force_show_in_filtering: false };
}

export const OPTIONS: AffirmationOption[] = [
  { ref: 'optionhelpful', title: 'Helpful', is_negative: false, item_affirmations: 0, count: null },
  { ref: 'optionoutdated', title: 'Outdated', is_negative: true, item_affirmations: 2, count: null },
];

export const NO_EDITING: PagePropsMap['items/Show']['editable'] = {
  fields: false,
  visibility: false,
  maintainer: false,
  submitForPublishing: false,
  revertToDraft: false,
};

export const NO_CONTENT_CALLS: PagePropsMap['items/Show']['contentCan'] = { manage: false, curate: false, createFolder: false };

export const NO_TASK_CALLS: PagePropsMap['items/Show']['taskCan'] = { create: false, assignOthers: false };

export const ADMIN_AUTH: AuthProps = { ...SHARED_MEMBER.auth, admin: true };
export const SHARED_ADMIN: SharedProps = { ...SHARED_MEMBER, auth: ADMIN_AUTH, menu: MENUS.admin };

export function itemPage(shared: SharedProps, overrides: Partial<PagePropsMap['items/Show']> = {}, can: Partial<CanFlags> = {}) {
  const props = {
    ...shared,
    can: { ...shared.can, ...can },
    item: ITEM,
    affirmationOptions: OPTIONS,
    taxonomies: [],
    editable: NO_EDITING,
    accessLevelChoices: [],
    canRelate: false,
    contentCan: NO_CONTENT_CALLS,
    taskCan: NO_TASK_CALLS,
    canSeeHistory: false,
    ...overrides,
  };
  return pageObject('items/Show', { ...props, title: props.item.title }, { url: `/i/${props.item.ref}` });
}

export const withItem = (changes: Partial<ItemDetail>) => ({ item: { ...ITEM, ...changes } });

/** happy-dom has no window.confirm; the page asks through it before strong affirmations and deletes. */
export function mockConfirm(answer: boolean) {
  const confirm = vi.fn<(message?: string) => boolean>().mockReturnValue(answer);
  Object.defineProperty(window, 'confirm', { configurable: true, writable: true, value: confirm });
  return confirm;
}
