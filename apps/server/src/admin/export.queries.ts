/**
 * The Export Center's tables (SPEC section 7: all columns, newest first), read in keyset batches so a
 * table of any size streams out without being held in memory. Secrets (password hashes, session
 * tokens) live in other tables and are never exported.
 */
import type { ExportTable } from '@gigreel/core';
import type { Database } from '../db/connection.ts';
import { readTallies, readTopic } from '../db/tallies.queries.ts';
import { NO_LOGIN_DOMAIN } from './admin.queries.ts';

/** `table` is read as `t` one batch at a time; `joins` then add to each row of the batch. */
type TableSql = { columns: string[]; select: string; table: string; joins: string; idType: 'uuid' | 'text' };

const money = (column: string) =>
  `case when ${column} is null then null else to_char(${column} / 100.0, 'FM999999990.00') end`;

/** A time as the file shows it, ISO 8601 in UTC to the millisecond (what Date#toISOString writes). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const EXPORTS: Record<ExportTable, TableSql> = {
  offers: {
    columns: [
      'id',
      'user_id',
      'creator',
      'title',
      'link',
      'media_key',
      'media_type',
      'is_paid_offer',
      'price',
      'currency',
      'paypal_link',
      'purchase_note',
      'delivery_method',
      'is_approved',
      'description',
      'music_track_name',
      'music_credit_link',
      'category',
      'subcategory',
      'delivery_time',
      'revisions',
      'tags',
      'boost_count',
      'favorite_count',
      'reaction_count',
      'share_count',
      'hashtag_clicks',
      'created_at',
      'updated_at',
    ],
    select: `t.id, t.user_id, u.display_name as creator, t.title, t.link, t.media_key, t.media_type, t.is_paid_offer, ${money('t.price_pence')} as price, t.currency,
      t.paypal_link, t.purchase_note, t.delivery_method, t.is_approved, t.description, t.music_track_name, t.music_credit_link, t.category, t.subcategory,
      t.delivery_time, t.revisions,
      (select string_agg(g.name, ' ' order by g.name) from offer_tags ot join tags g on g.id = ot.tag_id where ot.offer_id = t.id) as tags,
      t.boost_count, t.favorite_count, t.reaction_count, t.share_count, t.hashtag_clicks, ${iso('t.created_at')} as created_at, ${iso('t.updated_at')} as updated_at`,
    table: 'offers',
    joins: 'left join users u on u.id = t.user_id',
    idType: 'uuid',
  },
  users: {
    columns: [
      'id',
      'display_name',
      'email',
      'email_verified',
      'is_admin',
      'bio',
      'location',
      'paypal_link',
      'profile_image',
      'created_at',
      'updated_at',
    ],
    select: `t.id, t.display_name, case when t.email like '%${NO_LOGIN_DOMAIN}' then null else t.email end as email, t.email_verified,
      exists (select 1 from user_roles r where r.user_id = t.id and r.role = 'admin') as is_admin, t.bio, t.location, t.paypal_link, t.profile_image, ${iso('t.created_at')} as created_at, ${iso('t.updated_at')} as updated_at`,
    table: 'users',
    joins: '',
    idType: 'text',
  },
  transactions: {
    columns: [
      'id',
      'status',
      'title',
      'price',
      'currency',
      'buyer_id',
      'buyer_name',
      'seller_id',
      'seller_name',
      'offer_id',
      'job_id',
      'paypal_link',
      'delivery_file_name',
      'delivery_message',
      'created_at',
      'paid_at',
      'delivered_at',
      'completed_at',
    ],
    select: `t.id, t.status, t.title, ${money('t.price_pence')} as price, t.currency, t.buyer_id, b.display_name as buyer_name, t.seller_id, s.display_name as seller_name,
      t.offer_id, t.job_id, t.paypal_link, t.delivery_file_name, t.delivery_message, ${iso('t.created_at')} as created_at,
      ${iso('t.paid_at')} as paid_at, ${iso('t.delivered_at')} as delivered_at, ${iso('t.completed_at')} as completed_at`,
    table: 'orders',
    joins: 'left join users b on b.id = t.buyer_id left join users s on s.id = t.seller_id',
    idType: 'uuid',
  },
  messages: {
    columns: [
      'id',
      'sender_id',
      'sender_name',
      'receiver_id',
      'receiver_name',
      'offer_id',
      'offer_title',
      'message',
      'read_at',
      'created_at',
    ],
    select: `t.id, t.sender_id, s.display_name as sender_name, t.receiver_id, r.display_name as receiver_name, t.offer_id,
      coalesce(o.title, t.offer_title) as offer_title, t.message, ${iso('t.read_at')} as read_at, ${iso('t.created_at')} as created_at`,
    table: 'gig_messages',
    joins:
      'left join users s on s.id = t.sender_id left join users r on r.id = t.receiver_id left join offers o on o.id = t.offer_id',
    idType: 'uuid',
  },
};

/** A row's place in an export's order (newest first): its created_at as text, and its id. */
export type ExportPosition = { at: string; id: string };

/** A batch's rows: each the cells of the table's `columns` in their order, then its position (at, id), which the file leaves out. */
export type ExportBatch = { rows: unknown[][]; last: ExportPosition | null };

/**
 * Where the batch after `after` ends: the position of its `size`th row, or null when fewer rows are
 * left. It reads only the table's (created_at desc, id desc) index, so the export can know the batches
 * ahead and read several of them at once (exportCsv: READ_AHEAD) while the one before is sent.
 */
export async function readExportBatchEnd(
  database: Database,
  table: ExportTable,
  after: ExportPosition | null,
  size: number,
): Promise<ExportPosition | null> {
  const def = EXPORTS[table];
  const [row] = await database.query<ExportPosition>(
    `
    select t.created_at::text as at, t.id::text as id from ${def.table} t
    ${after ? `where (t.created_at, t.id) < ($1::timestamptz, $2::${def.idType})` : ''}
    order by t.created_at desc, t.id desc
    offset ${Math.floor(size) - 1} limit 1`,
    after ? [after.at, after.id] : [],
  );
  return row ?? null;
}

/**
 * One batch after the given position, newest first: up to `size` rows, and with `through` (a
 * position readExportBatchEnd found) none past it, so that batches read side by side never repeat a
 * row (a full batch that stops short of `through` had rows added since; exportCsv reads on). The first
 * batch and the ones after a position are different statement texts: as one prepared statement
 * (`$1 is null or ...`) the generic plan could not start the index scan at the position, so each
 * batch read all the rows before it. The batch is taken before the joins (a subquery): joined first,
 * the plan was priced for the whole table, and its lookups' caches (Memoize) were sized for a million
 * rows on every batch.
 */
export async function readExportBatch(
  database: Database,
  table: ExportTable,
  after: ExportPosition | null,
  size: number,
  through: ExportPosition | null = null,
): Promise<ExportBatch> {
  const def = EXPORTS[table];
  const params: string[] = [];
  const bounds: string[] = [];
  if (after) {
    params.push(after.at, after.id);
    bounds.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::${def.idType})`);
  }
  if (through) {
    params.push(through.at, through.id);
    bounds.push(`(created_at, id) >= ($${params.length - 1}::timestamptz, $${params.length}::${def.idType})`);
  }
  // Each row comes back as one JSON array: the driver then reads one field a row, not thirty, which
  // (with the garbage it made) was most of the server's work in a long export.
  const rows = await database.query<{ cells: string }>(
    `
    select json_build_array(${def.columns.map((column) => `e.${column}`).join(', ')}, e.__at, e.__id)::text as cells
    from (
      select ${def.select}, t.created_at as __created_at, t.id as __order_id, t.created_at::text as __at, t.id::text as __id
      from (
        select * from ${def.table}
        ${bounds.length ? `where ${bounds.join(' and ')}` : ''}
        order by created_at desc, id desc
        limit ${Math.floor(size)}
      ) t ${def.joins}
    ) e
    order by e.__created_at desc, e.__order_id desc`,
    params,
  );
  const cells = rows.map((row) => JSON.parse(row.cells) as unknown[]);
  const tail = cells[cells.length - 1];
  const at = def.columns.length;
  return { rows: cells, last: tail ? { at: String(tail[at]), id: String(tail[at + 1]) } : null };
}

/** How many rows each export holds, so the Export Center can say "No Data" before downloading. */
export async function countExportRows(database: Database): Promise<Record<ExportTable, number>> {
  const [offers, users, messages] = await readTallies(database, [
    { topic: 'offers' },
    { topic: 'people' },
    { topic: 'messages' },
  ]);
  const transactions = (await readTopic(database, 'orders')).reduce((sum, row) => sum + row.count, 0);
  return { offers: offers!.count, users: users!.count, transactions, messages: messages!.count };
}
