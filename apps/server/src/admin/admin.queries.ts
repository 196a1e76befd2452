/**
 * Every database read and write of the admin dashboard. Lists page by keyset on (created_at, id),
 * with the cursor carrying created_at as PostgreSQL's own text so microseconds are never lost.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ENGAGEMENT_WEIGHTS,
  REVENUE_STATUS,
  type AdminCreator,
  type AdminGig,
  type AdminMessage,
  type AuditAction,
  type AuditEntry,
  type RevenueUnit,
} from '@gigreel/core';
import { plannedForValues, type Database, type Db, type Tx } from '../db/connection.ts';
import { containing, startingWith } from '../db/like.ts';
import { cursorValues, encodePageCursor, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedKeysetPages, preparedPages } from '../db/prepared.ts';
import { moveRankedSql } from '../db/ranked.ts';
import { readTallies, readTopic, readTopRanked } from '../db/tallies.queries.ts';
import { auditLog, offers, privateJobFiles, privateJobs, securityLogs, userRoles, users } from '../db/schema.ts';
import { mediaKindFor, mediaUrlFor, offerTagNames } from '../offers/index.ts';

const PAGE_SIZE = 50;
/** Creators made without a login get an address in the reserved .invalid domain (RFC 2606). */
export const NO_LOGIN_DOMAIN = '@creators.gigreel.invalid';

export type Cursor = TimeCursor;

const n = (value: unknown) => Number(value ?? 0);

// ---- dashboard ----
const HOUR_MS = 3_600_000;

/**
 * The dashboard's counts, from the tallies: login attempts since `since` from their hourly tallies
 * (subject 'YYYY-MM-DDTHH', UTC; migration 0013) and at most an hour of rows on their time index.
 */
export async function dashboardCounts(database: Database, since: Date) {
  // The whole hours since `since` from their tallies, the part of an hour before them from the rows.
  const wholeHours = new Date(Math.ceil(since.getTime() / HOUR_MS) * HOUR_MS);
  // side by side: the tallies, the login attempts, the newest offer
  const [
    [
      people,
      admins,
      offersTotal,
      approved,
      withoutMedia,
      approvedWithMedia,
      securityEvents,
      revenue,
      mailsQueued,
      mailsSent,
      mailsFailed,
    ],
    [attempts],
    [sample],
  ] = await Promise.all([
    readTallies(database, [
      { topic: 'people' },
      { topic: 'admins' },
      { topic: 'offers' },
      { topic: 'offers_approved' },
      { topic: 'offers_without_media' },
      { topic: 'offers_visible' },
      { topic: 'security_events' },
      { topic: 'orders', subject: REVENUE_STATUS },
      { topic: 'mails', subject: 'queued' },
      { topic: 'mails', subject: 'sent' },
      { topic: 'mails', subject: 'failed' },
    ]),
    database.query<{ n: unknown }>(
      `select (select count(*) from login_attempts where attempted_at > $1 and attempted_at < $2)
       + coalesce((select sum(count) from tallies where topic = 'login_attempts_hour' and subject >= $3), 0)
       + coalesce((select sum(count) from tally_changes where topic = 'login_attempts_hour' and subject >= $3), 0) as n`,
      [since.toISOString(), wholeHours.toISOString(), wholeHours.toISOString().slice(0, 13)],
    ),
    database.query<{ id: string; title: string; is_approved: boolean; media_key: string }>(
      'select id, title, is_approved, media_key from offers order by created_at desc, id desc limit 1',
    ),
  ]);
  return {
    creators: people!.count - admins!.count,
    users: people!.count,
    offersTotal: offersTotal!.count,
    approved: approved!.count,
    withoutMedia: withoutMedia!.count,
    approvedWithMedia: approvedWithMedia!.count,
    securityEvents: securityEvents!.count,
    mails: { queued: mailsQueued!.count, sent: mailsSent!.count, failed: mailsFailed!.count },
    loginAttempts: n(attempts?.n),
    revenuePence: revenue!.amount,
    sample: sample
      ? { id: sample.id, title: sample.title, isApproved: sample.is_approved, hasMedia: sample.media_key !== '' }
      : null,
  };
}

// ---- creators ----
const creatorColumns = {
  id: users.id,
  displayName: users.name,
  email: users.email,
  bio: users.bio,
  location: users.location,
  paypalLink: users.paypalLink,
  profileImage: users.image,
  createdAt: users.createdAt,
  cursorAt: sql<string>`${users.createdAt}::text`,
  isAdmin: sql<boolean>`exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role = 'admin')`,
  offerId: offers.id,
  offerTitle: offers.title,
};
type CreatorRow = {
  id: string;
  displayName: string;
  email: string;
  bio: string | null;
  location: string | null;
  paypalLink: string | null;
  profileImage: string | null;
  createdAt: Date;
  isAdmin: boolean;
  offerId: string | null;
  offerTitle: string | null;
};

function toAdminCreator(row: CreatorRow): AdminCreator {
  return {
    id: row.id,
    displayName: row.displayName,
    email: row.email.endsWith(NO_LOGIN_DOMAIN) ? null : row.email,
    bio: row.bio,
    location: row.location,
    paypalLink: row.paypalLink,
    profileImage: row.profileImage,
    createdAt: new Date(row.createdAt).toISOString(),
    isAdmin: !!row.isAdmin,
    offer: row.offerId ? { id: row.offerId, title: row.offerTitle ?? '' } : null,
  };
}

/** Admins are not creators: the list shows everyone else, newest first. */
export async function listCreators(db: Db, options: { cursor: Cursor | null; q?: string; withoutOffer?: boolean }) {
  const { cursor, q } = options;
  const after = cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : {};
  let rows: Array<CreatorRow & { cursorAt: string }>;
  if (q) {
    const pages = options.withoutOffer ? creatorPages.searchWithoutOffer : creatorPages.search;
    // A search is planned for its text (how many people match decides between the indexes and the list's order).
    rows = await plannedForValues(() => pages(db, cursor).execute({ ...after, ...searchValues(q) }));
  } else {
    const pages = options.withoutOffer ? creatorPages.withoutOffer : creatorPages.all;
    rows = await pages(db, cursor).execute(after);
  }
  const { rows: page, nextCursor } = pageOf(rows, PAGE_SIZE);
  return { items: page.map(toAdminCreator), nextCursor };
}

const withoutOffer = sql`not ${users.hasOffer}`;

/**
 * Any part of a name (users_name_trgm_idx), or the start of an address or of its domain ("maya",
 * "maya@ex", "example.com", "@example.com"): each one range of a btree, however many people there are
 * (migration 0035). Any part of an address was a trigram search whose cost grew with the number of people.
 */
const nameOrAddressMatches = sql`(${users.name} ilike ${sql.placeholder('anywhere')}
  or lower(${users.email}) collate "C" like ${sql.placeholder('addressStart')}
  or split_part(lower(${users.email}), '@', 2) collate "C" like ${sql.placeholder('domainStart')})`;

const searchValues = (q: string) => ({
  anywhere: containing(q),
  addressStart: startingWith(q),
  // a leading "@" starts a domain; a bare "@" starts none (no domain starts with "@")
  domainStart: startingWith(q.replace(/^@/, '') || q),
});

function selectCreators(db: Db | Tx, filters: Array<SQL | undefined>) {
  return db
    .select(creatorColumns)
    .from(users)
    .leftJoin(offers, eq(offers.userId, users.id))
    .where(
      and(
        sql`not exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role = 'admin')`,
        ...filters,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PAGE_SIZE + 1);
}

/** The list's pages, searched or not, each statement built once (building cost more CPU than running it). */
const creatorPagesOf = (...filters: SQL[]) =>
  preparedKeysetPages(
    sql`(${users.createdAt}, ${users.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')})`,
    (db, after) => selectCreators(db, [...filters, after]).prepare('admin_creators'),
  );
const creatorPages = {
  all: creatorPagesOf(),
  withoutOffer: creatorPagesOf(withoutOffer),
  search: creatorPagesOf(nameOrAddressMatches),
  searchWithoutOffer: creatorPagesOf(withoutOffer, nameOrAddressMatches),
};

export async function findCreator(db: Db | Tx, id: string): Promise<AdminCreator | null> {
  const [row] = await db
    .select(creatorColumns)
    .from(users)
    .leftJoin(offers, eq(offers.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toAdminCreator(row) : null;
}

export async function emailInUse(db: Db | Tx, email: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows.length > 0 && rows[0]!.id !== exceptId;
}

export async function insertCreator(
  tx: Tx,
  values: {
    id: string;
    displayName: string;
    email: string;
    bio: string | null;
    location: string | null;
    paypalLink: string | null;
    now: Date;
  },
) {
  await tx.insert(users).values({
    id: values.id,
    name: values.displayName,
    email: values.email,
    emailVerified: false,
    bio: values.bio,
    location: values.location,
    paypalLink: values.paypalLink,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

export async function updateCreator(
  tx: Tx,
  id: string,
  values: {
    displayName: string;
    email?: string;
    bio: string | null;
    location: string | null;
    paypalLink: string | null;
    now: Date;
  },
) {
  const rows = await tx
    .update(users)
    .set({
      name: values.displayName,
      ...(values.email ? { email: values.email } : {}),
      bio: values.bio,
      location: values.location,
      paypalLink: values.paypalLink,
      updatedAt: values.now,
    })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Deletes the person. Their boosts, favourites and reactions are removed here first, and the offers
 * they engaged with get their counters and rank back in the same statement (the schema's cascade
 * would remove the rows and leave the counts). The schema then removes their offer, sessions and
 * private jobs, and keeps orders and messages with them as null. Returns every stored file the
 * deleted rows pointed at, to be removed once this commits.
 */
export async function deleteUser(tx: Tx, id: string): Promise<{ files: string[] } | null> {
  const [offer] = await tx
    .select({ mediaKey: offers.mediaKey, posterKey: offers.posterKey })
    .from(offers)
    .where(eq(offers.userId, id));
  const jobFiles = await tx
    .select({ key: privateJobFiles.storageKey })
    .from(privateJobFiles)
    .innerJoin(privateJobs, eq(privateJobs.id, privateJobFiles.jobId))
    .where(or(eq(privateJobs.fromUserId, id), eq(privateJobs.toUserId, id)));
  await withdrawEngagement(tx, id);
  const [user] = await tx.delete(users).where(eq(users.id, id)).returning({ image: users.image });
  if (!user) return null;
  const files = [
    offer?.mediaKey,
    offer?.posterKey,
    user.image?.startsWith('/media/') ? user.image.slice('/media/'.length) : null,
    ...jobFiles.map((file) => file.key),
  ].filter((key): key is string => !!key);
  return { files };
}

/**
 * Deleting the rows and taking them off the counters in one statement: each removed row is counted
 * exactly once, and its weight comes off ranked_engagement if its own mark says the rank counted it.
 * The person's shares stay, as the share counters do (offer_shares names a viewer, not an account).
 */
async function withdrawEngagement(tx: Tx, userId: string): Promise<void> {
  const next = {
    boost_count: 'greatest(boost_count - g.boosts, 0)',
    favorite_count: 'greatest(favorite_count - g.favorites, 0)',
    reaction_count: 'greatest(reaction_count - g.reactions, 0)',
  };
  const weight = ENGAGEMENT_WEIGHTS;
  await tx.execute(sql`
    with b as (delete from boosts where user_id = ${userId} returning offer_id, counted),
      f as (delete from favorites where user_id = ${userId} returning offer_id, counted),
      r as (delete from reactions where user_id = ${userId} returning offer_id, counted),
      g as (
        select offer_id, sum(boost)::int as boosts, sum(favorite)::int as favorites, sum(reaction)::int as reactions,
          sum(ranked)::int as ranked from (
          select offer_id, 1 as boost, 0 as favorite, 0 as reaction, case when counted then ${sql.raw(String(weight.boost))} else 0 end as ranked from b
          union all select offer_id, 0, 1, 0, case when counted then ${sql.raw(String(weight.favorite))} else 0 end from f
          union all select offer_id, 0, 0, 1, case when counted then ${sql.raw(String(weight.reaction))} else 0 end from r
        ) removed group by offer_id
      )
    update offers set
      boost_count = ${sql.raw(next.boost_count)}, favorite_count = ${sql.raw(next.favorite_count)}, reaction_count = ${sql.raw(next.reaction_count)},
      ${sql.raw(moveRankedSql({ ranked_engagement: '-g.ranked' }))}
    from g where offers.id = g.offer_id`);
}

// ---- gigs ----
const gigColumns = {
  id: offers.id,
  title: offers.title,
  link: offers.link,
  mediaKey: offers.mediaKey,
  mediaType: offers.mediaType,
  posterKey: offers.posterKey,
  isPaidOffer: offers.isPaidOffer,
  pricePence: offers.pricePence,
  paypalLink: offers.paypalLink,
  purchaseNote: offers.purchaseNote,
  description: offers.description,
  musicTrackName: offers.musicTrackName,
  musicCreditLink: offers.musicCreditLink,
  isApproved: offers.isApproved,
  version: offers.version,
  createdAt: offers.createdAt,
  cursorAt: sql<string>`${offers.createdAt}::text`,
  userId: offers.userId,
  creatorName: users.name,
  tags: offerTagNames,
};
type GigRow = Omit<AdminGig, 'mediaUrl' | 'mediaKind' | 'posterUrl' | 'createdAt' | 'creator'> & {
  mediaKey: string;
  mediaType: string | null;
  posterKey: string | null;
  createdAt: Date;
  userId: string;
  creatorName: string;
};

/** A video when the media is a video; a row without a known type goes by its name (SPEC: "video if the URL contains .mp4 or .webm"). */
function toAdminGig(row: GigRow): AdminGig {
  const byName = /\.(mp4|webm)$/i.test(row.mediaKey) ? 'video' : 'image';
  return {
    id: row.id,
    title: row.title,
    link: row.link,
    mediaUrl: mediaUrlFor(row.mediaKey),
    mediaKind: row.mediaKey ? (mediaKindFor(row.mediaType) ?? byName) : null,
    posterUrl: row.posterKey ? mediaUrlFor(row.posterKey) : null,
    isPaidOffer: row.isPaidOffer,
    pricePence: row.pricePence,
    paypalLink: row.paypalLink,
    purchaseNote: row.purchaseNote,
    description: row.description,
    musicTrackName: row.musicTrackName,
    musicCreditLink: row.musicCreditLink,
    tags: row.tags ?? [],
    isApproved: row.isApproved,
    version: row.version,
    createdAt: new Date(row.createdAt).toISOString(),
    creator: { id: row.userId, displayName: row.creatorName },
  };
}

export async function listGigs(db: Db, cursor: Cursor | null) {
  const rows = await gigPages(db, cursor).execute(cursorValues(cursor));
  const { rows: page, nextCursor } = pageOf(rows, PAGE_SIZE);
  return { items: page.map(toAdminGig), nextCursor };
}

const gigPages = preparedPages((db, after) =>
  db
    .select(gigColumns)
    .from(offers)
    .innerJoin(users, eq(users.id, offers.userId))
    .where(after(offers.createdAt, offers.id))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(PAGE_SIZE + 1)
    .prepare('admin_gigs_page'),
);

export async function findGig(db: Db | Tx, id: string): Promise<AdminGig | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select(gigColumns)
    .from(offers)
    .innerJoin(users, eq(users.id, offers.userId))
    .where(eq(offers.id, id))
    .limit(1);
  return row ? toAdminGig(row) : null;
}

/** The row an approval decides on, locked so no edit lands between the check and the approval. */
export async function lockGigForApproval(
  tx: Tx,
  id: string,
): Promise<{ version: number; isApproved: boolean; userId: string; title: string } | null> {
  const [row] = await tx
    .select({ version: offers.version, isApproved: offers.isApproved, userId: offers.userId, title: offers.title })
    .from(offers)
    .where(eq(offers.id, id))
    .for('update');
  return row ?? null;
}

export async function deleteGig(tx: Tx, id: string): Promise<{ files: string[] } | null> {
  const [row] = await tx
    .delete(offers)
    .where(eq(offers.id, id))
    .returning({ mediaKey: offers.mediaKey, posterKey: offers.posterKey });
  if (!row) return null;
  return { files: [row.mediaKey, row.posterKey].filter((key): key is string => !!key) };
}

export async function countOffersWithMedia(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(eq(offers.mediaKey, key));
  return n(row?.n);
}

// ---- messages ----
/**
 * The first page and the pages after a cursor are two statement texts: as one prepared statement
 * (`$1 is null or ...`) the generic plan could not start the index scan at the cursor and read
 * every row before it, page after page. The page is taken before the joins: joined first, the plan
 * was priced for the whole table and sized its lookups' caches (Memoize) for a million rows (7 ms
 * a page at 1M; 0.3 ms taken first).
 */
export async function listMessages(database: Database, cursor: Cursor | null, limit = PAGE_SIZE) {
  const rows = await database.query<Record<string, unknown>>(
    `
    select m.id, m.message, m.created_at, m.created_at::text as cursor_at, coalesce(o.title, m.offer_title) as offer_title,
      s.id as sender_id, s.display_name as sender_name, r.id as receiver_id, r.display_name as receiver_name
    from (
      select * from gig_messages
      ${cursor ? 'where (created_at, id) < ($1::timestamptz, $2::uuid)' : ''}
      order by created_at desc, id desc limit ${limit + 1}
    ) m
      left join users s on s.id = m.sender_id
      left join users r on r.id = m.receiver_id
      left join offers o on o.id = m.offer_id
    order by m.created_at desc, m.id desc`,
    cursor ? [cursor.at, cursor.id] : [],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const items: AdminMessage[] = page.map((row) => ({
    id: String(row.id),
    message: String(row.message),
    createdAt: new Date(row.created_at as string).toISOString(),
    offerTitle: (row.offer_title as string | null) ?? null,
    from: row.sender_id ? { id: String(row.sender_id), displayName: String(row.sender_name) } : null,
    to: row.receiver_id ? { id: String(row.receiver_id), displayName: String(row.receiver_name) } : null,
  }));
  const [total] = await readTallies(database, [{ topic: 'messages' }]);
  return {
    items,
    total: total!.count,
    nextCursor: rows.length > limit && last ? encodePageCursor(String(last.cursor_at), String(last.id)) : null,
  };
}

// ---- analytics ----
export async function orderTotals(database: Database) {
  const rows = await readTopic(database, 'orders');
  return rows.map((row) => ({ status: row.subject, orders: row.count, revenuePence: row.amount }));
}

/**
 * The sellers with the most completed revenue, then orders; sellers who left are not listed. Equal
 * sellers are shown by name; which of them make the cut at the limit is fixed by their id (the index order).
 */
export async function topSellers(database: Database, limit: number) {
  const ranked = await readTopRanked(database, 'sales', limit);
  if (ranked.length === 0) return [];
  const names = new Map(
    (
      await database.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(
          inArray(
            users.id,
            ranked.map((row) => row.subject),
          ),
        )
    ).map((row) => [row.id, row.name]),
  );
  return ranked
    .filter((row) => row.count > 0 && names.has(row.subject))
    .map((row) => ({
      creatorId: row.subject,
      displayName: names.get(row.subject)!,
      orderCount: row.count,
      revenuePence: row.amount,
    }))
    .sort(
      (a, b) =>
        b.revenuePence - a.revenuePence ||
        b.orderCount - a.orderCount ||
        (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0),
    )
    .slice(0, limit);
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Completed revenue per UTC day (last 30 days) or per week from Monday (last 12 weeks), empty
 * periods included, summed from each day's sales tally.
 */
export async function revenueSeries(database: Database, unit: RevenueUnit, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const periods = unit === 'day' ? 30 : 12;
  const step = unit === 'day' ? DAY_MS : 7 * DAY_MS;
  const last = unit === 'day' ? today : today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const starts = Array.from({ length: periods }, (_, i) => last - (periods - 1 - i) * step);
  const days = await readTopic(database, 'sales_day', isoDay(starts[0]!));
  const points = starts.map((start) => ({ start: isoDay(start), revenuePence: 0, orders: 0 }));
  for (const day of days) {
    const index = Math.floor((Date.parse(`${day.subject}T00:00:00Z`) - starts[0]!) / step);
    const point = points[index];
    if (!point) continue;
    point.revenuePence += day.amount;
    point.orders += day.count;
  }
  return points;
}

// ---- impersonation and audit ----
export async function insertSecurityEvent(
  tx: Tx | Db,
  values: { userId: string; event: string; ipAddress: string; details: Record<string, unknown>; now: Date },
) {
  await tx.insert(securityLogs).values({
    userId: values.userId,
    event: values.event,
    ipAddress: values.ipAddress,
    details: values.details,
    createdAt: values.now,
  });
}

export type AuditRecord = {
  adminId: string;
  actingAsUserId: string | null;
  method: string;
  route: string | null;
  path: string;
  action: AuditAction | null;
  target: { kind: string | null; id: string; label: string | null } | null;
  status: number;
  now: Date;
};

export async function insertAudit(db: Db, record: AuditRecord) {
  await db.insert(auditLog).values({
    adminId: record.adminId,
    actingAsUserId: record.actingAsUserId,
    method: record.method,
    route: record.route,
    path: record.path,
    action: record.action,
    targetKind: record.target?.kind ?? null,
    targetId: record.target?.id ?? null,
    targetLabel: record.target?.label ?? null,
    status: record.status,
    createdAt: record.now,
  });
}

/** Newest first, one statement on the (created_at desc, id desc) index; names joined while the accounts exist. */
export async function listAudit(database: Database, cursor: Cursor | null, limit = PAGE_SIZE) {
  const after = cursor ? 'where (a.created_at, a.id) < ($2::timestamptz, $3::uuid)' : '';
  const rows = await database.query<Record<string, unknown>>(
    `
    select a.id, a.created_at, a.created_at::text as cursor_at, a.method, a.route, a.path, a.action, a.target_kind, a.target_id, a.target_label, a.status,
      a.admin_id, ad.display_name as admin_name, a.acting_as_user_id, u.display_name as user_name
    from audit_log a left join users ad on ad.id = a.admin_id left join users u on u.id = a.acting_as_user_id
    ${after}
    order by a.created_at desc, a.id desc limit $1`,
    cursor ? [limit + 1, cursor.at, cursor.id] : [limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const items: AuditEntry[] = page.map((row) => ({
    id: String(row.id),
    createdAt: new Date(row.created_at as string).toISOString(),
    method: String(row.method),
    route: text(row.route),
    path: String(row.path),
    action: text(row.action) as AuditEntry['action'],
    status: n(row.status),
    target: row.target_id
      ? { kind: text(row.target_kind), id: String(row.target_id), label: text(row.target_label) }
      : null,
    admin: row.admin_id ? { id: String(row.admin_id), displayName: text(row.admin_name) } : null,
    actingAs: row.acting_as_user_id ? { id: String(row.acting_as_user_id), displayName: text(row.user_name) } : null,
  }));
  return {
    items,
    nextCursor: rows.length > limit && last ? encodePageCursor(String(last.cursor_at), String(last.id)) : null,
  };
}
