/**
 * Reading the tallies (migration 0009): counts kept by triggers in the writing transaction, so a
 * count is a few index lookups however large the table or a person's history. A count is its
 * tallies row plus the changes appended since the last fold, summed in one statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.ts';

/** What is counted; the subject of a per-person topic is the person's id, of sales_day a UTC day, of login_attempts_hour a UTC hour, of mails a status. */
export type TallyTopic =
  | 'people'
  | 'admins'
  | 'offers'
  | 'offers_approved'
  | 'offers_without_media'
  | 'offers_visible'
  | 'security_events'
  | 'messages'
  | 'conversations'
  | 'orders'
  | 'bought'
  | 'sold'
  | 'sales'
  | 'sales_day'
  | 'login_attempts_hour'
  | 'followers'
  | 'following'
  | 'mails';

export type TallyKey = { topic: TallyTopic; subject?: string };
export type Tally = { count: number; amount: number };

const keyOf = (topic: string, subject: string) => `${topic}\u0000${subject}`;

/** One count as a scalar subquery on a subject the statement names (a column), to read it beside its row. */
export const tallySql = (topic: TallyTopic, subject: SQL): SQL<number> =>
  sql<number>`((select coalesce(sum(count), 0) from tallies where topic = ${topic} and subject = ${subject})
    + (select coalesce(sum(count), 0) from tally_changes where topic = ${topic} and subject = ${subject}))::int`;

/** The named counts, zero where nothing was ever counted. */
export async function readTallies(database: Database, keys: TallyKey[]): Promise<Tally[]> {
  if (keys.length === 0) return [];
  const params = keys.flatMap((key) => [key.topic, key.subject ?? '']);
  const wanted = keys.map((_, i) => `(topic = $${2 * i + 1} and subject = $${2 * i + 2})`).join(' or ');
  const rows = await database.query<{ topic: string; subject: string; count: number; amount: number }>(
    `select topic, subject, sum(count)::float8 as count, sum(amount)::float8 as amount from (
       select topic, subject, count, amount from tallies where ${wanted}
       union all
       select topic, subject, count, amount from tally_changes where ${wanted}
     ) t group by topic, subject`,
    params,
  );
  const found = new Map(rows.map((row) => [keyOf(row.topic, row.subject), row]));
  return keys.map((key) => {
    const row = found.get(keyOf(key.topic, key.subject ?? ''));
    return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
  });
}

/** Every subject of a topic from `from` on (subjects compare as text: ISO days sort as dates). */
export async function readTopic(
  database: Database,
  topic: TallyTopic,
  from = '',
): Promise<Array<{ subject: string } & Tally>> {
  const rows = await database.query<{ subject: string; count: number; amount: number }>(
    `select subject, sum(count)::float8 as count, sum(amount)::float8 as amount from (
       select subject, count, amount from tallies where topic = $1 and subject >= $2
       union all
       select subject, count, amount from tally_changes where topic = $1 and subject >= $2
     ) t group by subject having sum(count) <> 0 or sum(amount) <> 0 order by subject`,
    [topic, from],
  );
  return rows.map((row) => ({ subject: row.subject, count: Number(row.count), amount: Number(row.amount) }));
}

/**
 * The largest subjects of a topic by amount, then count, then subject: the ranked index gives the top
 * ones of the folded tallies, widened by as many as have changes not yet folded, and those are summed
 * with their changes; the caller joins and cuts to its limit.
 */
export async function readTopRanked(
  database: Database,
  topic: TallyTopic,
  limit: number,
): Promise<Array<{ subject: string } & Tally>> {
  const rows = await database.query<{ subject: string; count: number; amount: number }>(
    `with pending as (
       select subject, sum(count) as count, sum(amount) as amount from tally_changes where topic = $1 group by subject
     ), top as (
       select subject, count, amount from tallies where topic = $1 order by amount desc, count desc, subject
        limit $2 + (select count(*) from pending)
     )
     select subject, sum(count)::float8 as count, sum(amount)::float8 as amount from (
       select subject, count, amount from top
       union all
       select t.subject, t.count, t.amount from pending p join tallies t on t.topic = $1 and t.subject = p.subject
        where p.subject not in (select subject from top)
       union all
       select subject, count, amount from pending
     ) candidates group by subject`,
    [topic, limit],
  );
  return rows
    .map((row) => ({ subject: row.subject, count: Number(row.count), amount: Number(row.amount) }))
    .filter((row) => row.count !== 0 || row.amount !== 0);
}

/**
 * Folds the appended changes into the tallies: the job queue's work, every minute. The folded rows
 * stay in the table, dead, until a VACUUM, and a count of a whole topic (orders by status) walks
 * every one of them in the index: after 120,000 orders were written at 1M, 18 ms a read. So the
 * table is vacuumed right away (it holds a minute's changes), not whenever autovacuum comes, if it is on.
 */
export async function foldTallyChanges(database: Database): Promise<void> {
  await database.query('select fold_tally_changes()');
  await database.query('vacuum tally_changes');
}
