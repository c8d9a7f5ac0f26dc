/**
 * The all-* actions of Admin Advanced: every row of a table as a fixed-width text table with a count line,
 * capped at LISTING_ROW_CAP rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListingAction } from '../../../shared/advanced';
import { visibilityInfo } from '../../../shared/enums';
import type { Database } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { LISTING_ROW_CAP, listingReport, type Cell } from './text-table';

interface Listing {
  title: string;
  noun: string;
  /** Each column's header and SQL expression. */
  columns: readonly (readonly [header: string, expression: string])[];
  /** The FROM clause onward, ordered. Constant text: nothing here comes from a request. */
  from: string;
}

const LISTINGS: Record<ListingAction, Listing> = {
  'all-items': {
    title: 'All items',
    noun: 'items',
    columns: [
      ['ref', 'i.ref'],
      ['code', 'i.code'],
      ['title', 'i.title'],
      ['visibility', 'i.visibility'],
      ['level', 'i.minimum_access_level'],
      ['maintainer', 'u.email'],
      ['external link', 'i.available_external_link'],
      ['created', 'i.created_at'],
    ],
    from: 'from items i left join users u on u.id = i.created_by_user_id order by i.code, i.id',
  },
  'all-content': {
    title: 'All content',
    noun: 'content rows',
    columns: [
      ['ref', 'c.ref'],
      ['item', 'i.code'],
      ['label', 'c.label'],
      ['format', 'c.format'],
      ['level', 'c.minimum_access_level'],
      ['published', 'c.published'],
      ['size bytes', 'c.size_bytes::text'],
      ['drive file', 'c.google_drive_file_id'],
      ['opens', 'c.open_count'],
    ],
    from: 'from contents c join items i on i.id = c.item_id order by i.code, c.position, c.id',
  },
  'all-shares': {
    title: 'All shares',
    noun: 'shares',
    columns: [
      ['ref', 's.ref'],
      ['type', 's.shared_type'],
      ['shared', 'coalesce(i.code, col.title, ct.label)'],
      ['from', 'f.email'],
      ['to', 's.to_email'],
      ['level', 's.level'],
      ['expires', 's.expires_at'],
      ['created', 's.created_at'],
    ],
    from: `from shares s
      left join items i on i.id = s.item_id
      left join collections col on col.id = s.collection_id
      left join contents ct on ct.id = s.content_id
      left join users f on f.id = s.from_user_id
      order by s.created_at desc, s.id desc`,
  },
  'all-tasks': {
    title: 'All tasks',
    noun: 'tasks',
    columns: [
      ['ref', 't.ref'],
      ['item', 'i.code'],
      ['task', 't.task'],
      ['priority', 't.priority'],
      ['due', 't.due_date::text'],
      ['for', 'fu.email'],
      ['by', 'bu.email'],
      ['completed', 't.completed_at'],
    ],
    from: `from tasks t
      left join items i on i.id = t.item_id
      left join users fu on fu.id = t.for_user_id
      left join users bu on bu.id = t.by_user_id
      order by t.completed_at nulls first, t.due_date nulls last, t.id`,
  },
  'all-taxonomies': {
    title: 'All taxonomies',
    noun: 'taxonomies',
    columns: [
      ['ref', 'x.ref'],
      ['title', 'x.title'],
      ['required', 'x.required'],
      ['multiselect', 'x.multiselect'],
      ['public', 'x.public'],
      ['in filtering', 'x.show_in_filtering'],
      ['tags', '(select count(*)::integer from tags t where t.taxonomy_id = x.id)'],
    ],
    from: 'from taxonomies x order by x.position, x.title',
  },
  'all-tags': {
    title: 'All tags',
    noun: 'tags',
    columns: [
      ['ref', 't.ref'],
      ['taxonomy', 'x.title'],
      ['label', 't.label'],
      ['parent', 'p.label'],
      ['force in filtering', 't.force_show_in_filtering'],
      ['items', '(select count(*)::integer from item_tags it where it.tag_id = t.id)'],
    ],
    from: 'from tags t join taxonomies x on x.id = t.taxonomy_id left join tags p on p.id = t.parent_id order by x.position, x.title, t.position, t.label',
  },
  'all-users': {
    title: 'All users',
    noun: 'users',
    columns: [
      ['ref', 'u.ref'],
      ['name', 'u.name'],
      ['email', 'u.email'],
      ['user type', 'ut.title'],
      ['level', 'ut.level'],
      ['admin', 'u.admin'],
      ['superadmin', 'u.superadmin'],
      ['manager', 'u.manager'],
      ['manage users', 'u.manage_users'],
      ['verified', 'u.email_verified_at is not null'],
      ['last login', 'u.last_login_at'],
    ],
    from: 'from users u join user_types ut on ut.id = u.user_type_id order by lower(u.name), u.id',
  },
  // People Equip has written to (a share, or an invitation still open) who have no account yet: no account holds the
  // address verified. An unverified address is only a claim, which any account may type (see docs/decisions.md).
  'all-potential-users': {
    title: 'All potential users (sent a share or an open invitation, no account yet)',
    noun: 'potential users',
    columns: [
      ['email', 'a.email'],
      ['shares', 'sum(a.share)::integer'],
      ['open invitations', 'sum(a.invitation)::integer'],
      ['first contacted', 'min(a.at)'],
    ],
    from: `from (
        select lower(s.to_email) as email, 1 as share, 0 as invitation, s.created_at as at
        from shares s where s.to_user_id is null
        union all
        select lower(trim(r.email)), 0, 1, v.created_at
        from invitations v cross join lateral unnest(v.sent_to) as r(email)
        where v.accepted_at is null and v.declined_at is null and v.expires_at > now()
      ) a
      where a.email <> ''
        and not exists (select 1 from users u where lower(u.email) = a.email and u.email_verified_at is not null)
      group by a.email order by min(a.at), a.email`,
  },
  'all-broken-external-link-alerts': {
    title: 'All broken external link alerts',
    noun: 'alerts',
    columns: [
      ['ref', 'b.ref'],
      ['item', 'i.code'],
      ['url', 'b.url'],
      ['status', 'b.status_code'],
      ['message', 'b.message'],
      ['checked', 'b.checked_at'],
      ['resolved', 'b.resolved_at'],
    ],
    from: 'from broken_external_link_alerts b join items i on i.id = b.item_id order by b.resolved_at nulls first, b.checked_at desc, b.id desc',
  },
};

/** The listing's statement, its columns named c0, c1, … so no two share a name. */
function listingStatement(listing: Listing): SQL {
  const columns = listing.columns.map(([, expression], index) => `${expression} as c${index}`).join(', ');
  return sql.raw(`select ${columns} ${listing.from}`);
}

export async function runListing(db: Database, action: ListingAction): Promise<string> {
  const listing = LISTINGS[action];
  const statement = listingStatement(listing);
  const [counted] = await sqlRows<{ total: number }>(db, sql`select count(*)::integer as total from (${statement}) as listed`);
  const rows = await sqlRows<Record<string, unknown>>(db, sql`select * from (${statement}) as listed limit ${LISTING_ROW_CAP}`);
  const headers = listing.columns.map(([header]) => header);
  const cells = rows.map((row) => headers.map((header, column) => cellOf(header, row[`c${column}`])));
  return listingReport(`${action}: ${listing.title}`, headers, cells, counted?.total ?? 0, listing.noun);
}

function cellOf(header: string, value: unknown): Cell {
  if (header === 'visibility' && value !== null) return visibilityInfo(Number(value)).label;
  return plainCell(value);
}

/** Raw drivers answer timestamps as Date; anything else unknown as text. */
function plainCell(value: unknown): Cell {
  if (value === null || value === undefined || value instanceof Date) return value as Cell;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}
