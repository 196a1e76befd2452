/**
 * The only place analytics touch the database: views and clicks written in one statement (with the
 * address's burst window), and an offer's days read from the folded rows and the changes not yet folded.
 */
import { eq, sql } from 'drizzle-orm';
import type { AudienceEvent } from '@gigreel/core';
import type { Database, Db } from '../db/connection.ts';
import { rowsOf } from '../db/rows.ts';
import { offers } from '../db/schema.ts';
import { visibleInFeed } from '../feed/index.ts';

export type AudienceWrite = {
  events: AudienceEvent[];
  /** A keyed hash of the person ('p:') or the browser ('b:'). */
  viewerKey: string;
  /** The signed-in viewer, whose own offer is never counted; null for a visitor. */
  personId: string | null;
  /** The caller's address (a keyed hash): the burst window's key. */
  addressKey: string;
  /** Kept on a visitor's rows only, to cap the browsers counted from one address. */
  anonymous: boolean;
  day: string;
  now: Date;
  burst: { windowMs: number; max: number };
  anonymousCap: number;
};

/**
 * Counts the batch against the address's burst window and, when it is within it, writes each event
 * of a visible offer that is not the viewer's own, once per viewer, offer, kind and day (a view with
 * the day of the viewer's previous view). One statement, so the request costs one round trip; the
 * cap on browsers per address reads the rows before it, so concurrent batches may pass it by a few.
 * Answers the window's hits and how many events were new.
 */
export async function writeAudience(db: Db, write: AudienceWrite): Promise<{ hits: number; recorded: number }> {
  const since = new Date(write.now.getTime() - write.burst.windowMs).toISOString();
  const windowOpen = sql`audience_bursts.window_start > ${since}::timestamptz`;
  const addressOnRow = write.anonymous ? write.addressKey : null;
  const [row] = rowsOf<{ hits: number; recorded: number }>(
    await db.execute(sql`
      with hit as (
        insert into audience_bursts (address_key, window_start, hits)
        values (${write.addressKey}, ${write.now.toISOString()}::timestamptz, 1)
        on conflict (address_key) do update set
          hits = case when ${windowOpen} then audience_bursts.hits + 1 else 1 end,
          window_start = case when ${windowOpen} then audience_bursts.window_start else excluded.window_start end
        returning hits
      ), wanted as (
        select distinct e.offer_id, e.kind
        from jsonb_to_recordset(${JSON.stringify(write.events.map((e) => ({ offer_id: e.offerId, kind: e.kind })))}::jsonb)
          as e(offer_id uuid, kind text)
      ), allowed as (
        select w.offer_id, w.kind
        from wanted w join ${offers} on ${offers.id} = w.offer_id
        where (select hits from hit) <= ${write.burst.max}
          and ${visibleInFeed}
          and ${offers.userId} is distinct from ${write.personId}::text
          and (${addressOnRow}::text is null or (
            select count(*) from offer_audience c
            where c.offer_id = w.offer_id and c.kind = w.kind and c.day = ${write.day}::date and c.address_key = ${addressOnRow}::text
          ) < ${write.anonymousCap})
      ), added as (
        insert into offer_audience (offer_id, kind, viewer_key, day, address_key, previous_day)
        select a.offer_id, a.kind, ${write.viewerKey}, ${write.day}::date, ${addressOnRow}::text,
          case when a.kind = 'view' then (
            select max(p.day) from offer_audience p
            where p.offer_id = a.offer_id and p.kind = 'view' and p.viewer_key = ${write.viewerKey} and p.day < ${write.day}::date
          ) end
        from allowed a
        on conflict do nothing
        returning 1
      )
      select (select hits from hit) as hits, (select count(*) from added)::int as recorded`),
  );
  return { hits: Number(row?.hits ?? 0), recorded: Number(row?.recorded ?? 0) };
}

/** The person's one offer (offers.user_id is unique), or null. */
export async function findOwnOffer(db: Db, userId: string): Promise<{ id: string; title: string } | null> {
  const [row] = await db
    .select({ id: offers.id, title: offers.title })
    .from(offers)
    .where(eq(offers.userId, userId))
    .limit(1);
  return row ?? null;
}

/** One day's numbers as stored: a day's viewers who came back later (viewersReturning) tell distinct viewers apart. */
export type StoredDay = {
  day: string;
  views: number;
  viewersReturning: number;
  boosts: number;
  favorites: number;
  reactions: number;
  shares: number;
  clicks: number;
  messages: number;
  orders: number;
  completedOrders: number;
  revenuePence: number;
};

const DAY_COLUMNS = `views, viewers_returning, boosts, favorites, reactions, shares, clicks, messages, orders, completed_orders, revenue_pence`;

/**
 * The offer's days from `from` to `to` that have any number, oldest first: its folded rows (at most
 * one a day, by the primary key) and the changes appended since the last fold (by their index), summed.
 */
export async function readOfferDays(
  database: Database,
  offerId: string,
  from: string,
  to: string,
): Promise<StoredDay[]> {
  const rows = await database.query<Record<string, string | number>>(
    `select day::text as day, sum(views)::int as views, sum(viewers_returning)::int as viewers_returning,
       sum(boosts)::int as boosts, sum(favorites)::int as favorites, sum(reactions)::int as reactions,
       sum(shares)::int as shares, sum(clicks)::int as clicks, sum(messages)::int as messages,
       sum(orders)::int as orders, sum(completed_orders)::int as completed_orders,
       sum(revenue_pence)::float8 as revenue_pence
     from (
       select day, ${DAY_COLUMNS} from offer_day_stats where offer_id = $1 and day between $2::date and $3::date
       union all
       select day, ${DAY_COLUMNS} from offer_stat_changes where offer_id = $1 and day between $2::date and $3::date
     ) d
     group by day order by day`,
    [offerId, from, to],
  );
  return rows.map((row) => ({
    day: String(row.day),
    views: Number(row.views),
    viewersReturning: Number(row.viewers_returning),
    boosts: Number(row.boosts),
    favorites: Number(row.favorites),
    reactions: Number(row.reactions),
    shares: Number(row.shares),
    clicks: Number(row.clicks),
    messages: Number(row.messages),
    orders: Number(row.orders),
    completedOrders: Number(row.completed_orders),
    revenuePence: Number(row.revenue_pence),
  }));
}

/** Folds the appended changes into the daily rows: the job queue's work, every minute; then clears the folded rows away (see foldTallyChanges). */
export async function foldOfferStats(database: Database): Promise<void> {
  await database.query('select fold_offer_stat_changes()');
  await database.query('vacuum offer_stat_changes');
}
