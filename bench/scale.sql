-- Skewed data at scale n for the scale benchmark (bench/scale.ts), issue 15's "1M" shape at n = 1,000,000:
--
--   n people, each with one offer (plus one admin); about 10n boosts, 2n favourites and n reactions,
--   Zipf-like per offer (offer 1 is the most engaged); 5,000 tags used Zipf-like (0 to 3 per offer);
--   titles of two words from a 5,000-word vocabulary, Zipf-like; n messages among n/10 people, three
--   of whom have 1.1-1.2% of n conversations each (over 10,000 at 1M) and one a thread of n/500
--   messages; n orders, n notifications, n login attempts; n/10 private jobs (half with an order),
--   n/100 security events and audit entries.
--
-- The callers the benchmark signs in as (password accounts): c0000001, the worst case (the most
-- conversations, notifications, sales and boosts given, and the most boosted offer); a typical person
-- in the middle of the message population; scale-admin. Every person's address is <id>@scale.example.
--
-- Set-based throughout: one INSERT ... SELECT over generate_series per table, no loops. Deterministic
-- for a given n (setseed). The rows satisfy every constraint (the runner re-adds keys, indexes and
-- foreign keys after the load, which checks them) and the rules the app keeps in its own
-- transactions: counters and rank_score match the engagement rows, each pair's conversation summary
-- matches its messages, nobody engages with their own offer.
--
-- Random values are drawn in the select list of the rows they belong to (a LATERAL subquery that does
-- not name the current row runs once for all rows, random() or not).
--
-- The tables a live product appends to in time order (people, offers, messages, notifications, orders,
-- sign-in attempts) are written in created_at order too ("order by" below, after the random draws), so
-- their heap follows their (created_at desc, id desc) indexes as a real table's does
-- (pg_stats.correlation near 1 rather than 0): an admin list or the CSV export walking that index reads
-- one heap page for many rows, not one page per row. Per-person lists (a person's boosts, orders,
-- notifications) read scattered rows either way, as they do live.
--
-- Placeholders, replaced by bench/scale.ts (psql's own spelling, so no psql is needed):
--   :n                the scale
--   :'now'            the moment the data is "now" (timestamptz)
--   :'password_hash'  the callers' password hash (Better Auth's scrypt of BENCH_PASSWORD)
--   :rank_score       the server's rank formula over an offers row (RANK_SCORE_SQL in @gigreel/core)
-- Statements are separated like the migrations' (the marker line below each); the last one returns
-- the facts the benchmark needs (callers, the rarest and the most common tag and word).

select setseed(0.15);
--> statement-breakpoint
create temp table scale_params as
select b.*,
  b.n - b.reserved as m,
  greatest(50, b.n / 10) as pop,
  5000 as vocabulary,
  5000 as tag_count,
  5.0 * b.n / (ln(b.n) + 0.5772) as boost_zipf,
  1.0 * b.n / (ln(b.n) + 0.5772) as favorite_zipf,
  0.5 * b.n / (ln(b.n) + 0.5772) as reaction_zipf,
  least((b.n - 2) / 3, greatest(200, b.n / 50)) as worst_boosts,
  greatest(300, b.n / 50) as worst_sales,
  greatest(50, b.n / 1000) as worst_purchases,
  greatest(500, b.n / 100) as worst_notifications,
  greatest(100, b.n / 500) as worst_jobs,
  greatest(600, b.n / 500) as thread_length,
  greatest(200, b.n / 10) as jobs,
  array[greatest(40, b.n / 1000 * 12), greatest(38, b.n / 10000 * 115), greatest(36, b.n / 1000 * 11)] as hub_conversations,
  case when t.t1 % 97 = 0 then t.t1 + 5 else t.t1 end as typical
from (select :n::int as n, :'now'::timestamptz as now, 3 as reserved) as b
  -- The typical caller: the middle of the message population, with a paid offer the feed shows (i % 5 = 1).
  cross join lateral (select b.reserved + greatest(50, b.n / 10) / 2 as t0) as t0
  cross join lateral (select t0.t0 - ((t0.t0 - 1) % 5) as t1) as t;
--> statement-breakpoint
create function pg_temp.uid(i bigint) returns text language sql immutable as $$ select 'c' || lpad(i::text, 7, '0') $$;
--> statement-breakpoint
-- The ids bench/seed.ts uses for offer number i (seededUuid there), so a benchmark can name an offer without a lookup.
create function pg_temp.offer_id(i bigint) returns uuid language sql immutable as $$ select overlay(overlay(md5('offer' || i) placing '4' from 13) placing '8' from 17)::uuid $$;
--> statement-breakpoint
create function pg_temp.tag_id(i bigint) returns uuid language sql immutable as $$ select overlay(overlay(md5('scaletag' || i) placing '4' from 13) placing '8' from 17)::uuid $$;
--> statement-breakpoint
create function pg_temp.job_id(i bigint) returns uuid language sql immutable as $$ select overlay(overlay(md5('scalejob' || i) placing '4' from 13) placing '8' from 17)::uuid $$;
--> statement-breakpoint
-- A Zipf-like rank in 1..size (log-uniform: rank r is drawn with probability about 1 / (r ln size)).
create function pg_temp.zipf(size int) returns int language sql volatile as $$ select least(size, floor(exp(random() * ln(size + 1)))::int) $$;
--> statement-breakpoint
create function pg_temp.syllable(d int) returns text language sql immutable as $$ select substr('bdfgklmnprstvz', d / 5 + 1, 1) || substr('aeiou', d % 5 + 1, 1) $$;
--> statement-breakpoint
-- 10,000 distinct made-up words (three syllables; r -> r * 7919 mod 70^3 is one to one): 1..5000 for
-- titles, 5001..10000 for tags, so a word search and a tag search never find each other's words.
create temp table scale_words as
select r, pg_temp.syllable(x % 70) || pg_temp.syllable((x / 70) % 70) || pg_temp.syllable(x / 4900) as word
from generate_series(1, 10000) as r
  cross join lateral (select (r * 7919) % 343000 as x) as h;
--> statement-breakpoint
alter table scale_words add primary key (r);
--> statement-breakpoint
analyze scale_words;
--> statement-breakpoint
-- One row per offer (and its creator, person i): when, how much engagement, which title words. Person
-- 1 (the worst case) boosts offers 2, 5, 8, ...; persons 1 to 3 (reserved) engage with nothing else.
create temp table scale_offers as
select i,
  p.now - make_interval(secs => ((i * 7919) % p.n) * (90.0 * 86400 / p.n) + (i * 31) % 3600) as created_at,
  -- A uniform part and a Zipf part (offer 1 the most); the Zipf part's floor loses about half a row per offer.
  least(p.m - p.reserved - 2, floor(random() * 12) + floor(p.boost_zipf / i))::int as boosts,
  least(p.m / 2 - p.reserved - 2, floor(random() * 3.5) + floor(p.favorite_zipf / i))::int as favorites,
  least(p.m / 3 - p.reserved - 2, (random() < 0.65)::int + floor(p.reaction_zipf / i))::int as reactions,
  (i >= 2 and (i - 2) % 3 = 0 and (i - 2) / 3 < p.worst_boosts) as worst_boost,
  pg_temp.zipf(p.vocabulary) as w1,
  pg_temp.zipf(p.vocabulary) as w2,
  floor(random() * 4)::int as tags
from scale_params p cross join generate_series(1::bigint, p.n) as i;
--> statement-breakpoint
alter table scale_offers add primary key (i);
--> statement-breakpoint
analyze scale_offers;
--> statement-breakpoint
-- has_offer as the offers trigger would keep it (triggers are off for the load): every creator has one.
insert into users (id, display_name, email, email_verified, profile_image, bio, has_offer, created_at, updated_at)
select pg_temp.uid(o.i), 'Creator ' || o.i, pg_temp.uid(o.i) || '@scale.example', true,
  case when o.i % 2 = 0 then '/media/avatars/' || pg_temp.uid(o.i) || '/1.webp' end,
  'Makes things people like, number ' || o.i, true, o.created_at - interval '1 day', o.created_at
from scale_offers o
union all
select 'scale-admin', 'Scale Admin', 'admin@scale.example', true, null, null, false, p.now - interval '400 days', p.now - interval '400 days'
from scale_params p
order by 8;
--> statement-breakpoint
insert into user_roles (user_id, role, created_at)
select 'scale-admin', 'admin', p.now - interval '400 days' from scale_params p;
--> statement-breakpoint
-- Password accounts (provider "credential", as Better Auth's sign-up writes them) for the three callers.
insert into accounts (id, account_id, provider_id, user_id, password)
select 'scale-account-' || u, u, 'credential', u, :'password_hash'
from scale_params p cross join lateral unnest(array[pg_temp.uid(1), pg_temp.uid(p.typical), 'scale-admin']) as u;
--> statement-breakpoint
-- 5% await approval (i % 20 = 0), 1% have no media (i % 97 = 0), a third are videos, a fifth are paid
-- (i % 5 = 1, offer 1 among them). Counters are the rows written below; the rank counts every one of them
-- (each marked counted, weighed 3, 2 and 1 in ranked_engagement, as if all were made by established
-- people) and no order, so the feed's order stays as skewed as the engagement; rank_score is the server's formula.
insert into offers (id, user_id, title, media_key, media_type, poster_key, link, is_paid_offer, price_pence, paypal_link, is_approved,
    description, boost_count, favorite_count, reaction_count, share_count, anonymous_share_count, ranked_engagement, rank_score, created_at, updated_at)
select pg_temp.offer_id(o.i), pg_temp.uid(o.i),
  (array['Logo design', 'Video edit', 'Voice over', 'Portrait', 'Beat making', 'Copywriting', 'Translation', 'Animation'])[1 + o.i % 8]
    || ' ' || w1.word || ' ' || w2.word,
  case when o.i % 97 = 0 then '' when o.i % 3 = 0 then 'offers/scale/' || o.i || '.mp4' else 'offers/scale/' || o.i || '.webp' end,
  case when o.i % 97 = 0 then null when o.i % 3 = 0 then 'video/mp4' else 'image/webp' end,
  case when o.i % 97 <> 0 and o.i % 3 = 0 then 'offers/scale/' || o.i || '-poster.jpg' end,
  case when o.i % 5 = 1 then '' else 'https://example.com/creator/' || o.i end,
  o.i % 5 = 1,
  case when o.i % 5 = 1 then 500 + (o.i % 50) * 100 end,
  case when o.i % 5 = 1 then 'https://www.paypal.com/paypalme/' || pg_temp.uid(o.i) end,
  o.i % 20 <> 0,
  'A short description of what creator ' || o.i || ' delivers, how long it takes and what the buyer gets at the end.',
  o.boost_count, o.favorite_count, o.reaction_count, o.share_count, o.anonymous_share_count, o.ranked_engagement,
  :rank_score,
  o.created_at, o.created_at
from (
  select i, created_at, w1, w2, boosts + worst_boost::int as boost_count, favorites as favorite_count, reactions as reaction_count,
    0 as share_count, 0 as anonymous_share_count,
    3 * (boosts + worst_boost::int) + 2 * favorites + reactions as ranked_engagement,
    0 as ranked_orders, 0 as ranked_reviews, 0 as ranked_rating_sum
  from scale_offers
) as o
  join scale_words w1 on w1.r = o.w1
  join scale_words w2 on w2.r = o.w2
order by o.created_at;
--> statement-breakpoint
insert into tags (id, name)
select pg_temp.tag_id(t), w.word
from scale_params p cross join generate_series(1, p.tag_count) as t join scale_words w on w.r = p.vocabulary + t;
--> statement-breakpoint
-- 0 to 3 tags per offer, each tag's rank Zipf-like (the most used tag is on about a sixth of the offers).
insert into offer_tags (offer_id, tag_id)
select distinct pg_temp.offer_id(o.i), pg_temp.tag_id(pg_temp.zipf(p.tag_count))
from scale_params p cross join scale_offers o cross join lateral generate_series(1, o.tags) as k;
--> statement-breakpoint
-- The k-th booster of offer i is person reserved + 1 + (i + k) mod m: distinct for each offer, never
-- its own creator (the counts are capped below m - reserved - 1), and never persons 1 to 3.
insert into boosts (user_id, offer_id, counted, created_at)
select pg_temp.uid(p.reserved + 1 + (o.i + k) % p.m), pg_temp.offer_id(o.i), true, o.created_at + random() * (p.now - o.created_at)
from scale_params p cross join scale_offers o cross join lateral generate_series(1, o.boosts) as k;
--> statement-breakpoint
insert into boosts (user_id, offer_id, counted, created_at)
select pg_temp.uid(1), pg_temp.offer_id(o.i), true, o.created_at + random() * (p.now - o.created_at)
from scale_params p cross join scale_offers o
where o.worst_boost;
--> statement-breakpoint
insert into favorites (user_id, offer_id, counted, created_at)
select pg_temp.uid(p.reserved + 1 + (o.i + k + p.m / 2) % p.m), pg_temp.offer_id(o.i), true, o.created_at + random() * (p.now - o.created_at)
from scale_params p cross join scale_offers o cross join lateral generate_series(1, o.favorites) as k;
--> statement-breakpoint
insert into reactions (user_id, offer_id, emoji, counted, created_at)
select pg_temp.uid(p.reserved + 1 + (o.i + k + p.m / 3) % p.m), pg_temp.offer_id(o.i),
  (array['Smart', 'Support', 'Hype', 'Not for Me', 'Watching'])[1 + (o.i + k) % 5], true, o.created_at + random() * (p.now - o.created_at)
from scale_params p cross join scale_offers o cross join lateral generate_series(1, o.reactions) as k;
--> statement-breakpoint
-- Messages, 1: persons 1 to 3 (hubs) each write with hub_conversations[h] people of the message
-- population (persons reserved + 1 .. reserved + pop): the partner asks about the hub's offer, the hub
-- answers. A third of the recent questions are unread.
insert into gig_messages (sender_id, receiver_id, offer_id, offer_title, message, read_at, created_at)
select case when d = 0 then c.partner else c.hub end, case when d = 0 then c.hub else c.partner end,
  o.id, o.title,
  case when d = 0 then 'Hi! Is this still available? I would like it by next week.' else 'Yes, it is. Send me the details and I will start.' end,
  case
    when d = 0 and j % 3 = 0 and c.started > p.now - interval '30 days' then null
    when d = 1 and c.started > p.now - interval '2 days' then null
    else least(p.now, c.started + d * interval '7 minutes' + interval '1 hour')
  end,
  c.started + d * interval '7 minutes'
from scale_params p
  cross join generate_series(1, 3) as h
  cross join lateral generate_series(0, p.hub_conversations[h] - 1) as j
  cross join lateral (
    select pg_temp.uid(h) as hub, pg_temp.uid(p.reserved + 1 + (j + (h - 1) * p.pop / 3) % p.pop) as partner,
      p.now - interval '10 minutes' - random() * interval '90 days' as started
  ) as c
  cross join generate_series(0, 1) as d
  join offers o on o.id = pg_temp.offer_id(h);
--> statement-breakpoint
-- Messages, 2: the worst case's longest thread (thread_length messages, every 47 minutes back from
-- now) with the first person of the population; the partner's last ten are unread.
insert into gig_messages (sender_id, receiver_id, offer_id, offer_title, message, read_at, created_at)
select case when k % 2 = 0 then pg_temp.uid(1) else pg_temp.uid(p.reserved + 1) end,
  case when k % 2 = 0 then pg_temp.uid(p.reserved + 1) else pg_temp.uid(1) end,
  o.id, o.title, 'Message ' || k || ' of a long conversation about the order.',
  case when k % 2 = 1 and k > p.thread_length - 20 then null else least(p.now, at + interval '5 minutes') end,
  at
from scale_params p
  cross join generate_series(1, p.thread_length) as k
  cross join lateral (select p.now - interval '5 minutes' - (p.thread_length - k) * interval '47 minutes' as at) as t
  join offers o on o.id = pg_temp.offer_id(1);
--> statement-breakpoint
-- Messages, 3: the rest of n among the population: a random person and one a log-uniform distance
-- away (near neighbours write often: conversations repeat), about the receiver's offer.
insert into gig_messages (sender_id, receiver_id, offer_id, offer_title, message, read_at, created_at)
select pg_temp.uid(z.si), pg_temp.uid(z.ri), o.id, o.title,
  (array['Hi! Is this still available?', 'Could you do it by Friday?', 'Thanks, that looks great.', 'What do you need from me to start?',
    'Sent the files over, let me know.', 'Can you do a bigger version?'])[1 + x.k % 6],
  case when x.at < p.now - interval '3 days' or x.r < 0.4 then least(p.now, x.at + interval '1 hour') end,
  x.at
from scale_params p
  cross join lateral (
    select k, floor(random() * p.pop)::int as a, floor(exp(random() * ln(p.pop - 1)))::int as off, random() < 0.5 as flip,
      p.now - interval '5 minutes' - random() * interval '90 days' as at, random() as r
    from generate_series(1, greatest(0, p.n - 2 * (p.hub_conversations[1] + p.hub_conversations[2] + p.hub_conversations[3]) - p.thread_length)) as k
  ) as x
  cross join lateral (select p.reserved + 1 + x.a as ai, p.reserved + 1 + (x.a + x.off) % p.pop as bi) as y
  cross join lateral (select case when x.flip then y.bi else y.ai end as si, case when x.flip then y.ai else y.bi end as ri) as z
  join offers o on o.id = pg_temp.offer_id(z.ri)
order by x.at;
--> statement-breakpoint
-- Each pair's summary, as migration 0007 backfills it (messages.queries.ts keeps it in the message's
-- transaction from then on). Skipped if something already filled it.
insert into conversation_summaries (user_low, user_high, last_message_id, last_sender_id, last_message, last_offer_title, last_at, unread_low, unread_high)
with pairs as (
  select least(m.sender_id, m.receiver_id) as lo, greatest(m.sender_id, m.receiver_id) as hi,
    m.id, m.sender_id, m.receiver_id, m.message, m.offer_title, m.created_at, m.read_at
  from gig_messages m
  where m.sender_id is not null and m.receiver_id is not null and m.sender_id <> m.receiver_id
), latest as (
  select distinct on (lo, hi) lo, hi, id, sender_id, message, offer_title, created_at
  from pairs order by lo, hi, created_at desc, id desc
), unread as (
  select lo, hi,
    (count(*) filter (where receiver_id = lo and read_at is null))::int as unread_low,
    (count(*) filter (where receiver_id = hi and read_at is null))::int as unread_high
  from pairs group by lo, hi
)
select l.lo, l.hi, l.id, l.sender_id, l.message, l.offer_title, l.created_at, u.unread_low, u.unread_high
from latest l join unread u on u.lo = l.lo and u.hi = l.hi
where not exists (select 1 from conversation_summaries);
--> statement-breakpoint
-- Notifications: the worst case's worst_notifications (the newest 40% unread), the rest of n spread
-- over everyone else with a skew (person reserved + 1 gets the most); the last week's mostly unread.
insert into notifications (user_id, kind, title, body, link, read_at, created_at)
select pg_temp.uid(1), 'message', 'New message from Creator ' || (p.reserved + 1 + k % p.pop), 'Hi! Is this still available?',
  '/messages?with=' || pg_temp.uid(p.reserved + 1 + k % p.pop),
  case when k > p.worst_notifications * 0.4 then p.now - k * interval '13 minutes' + interval '1 hour' end,
  p.now - k * interval '13 minutes'
from scale_params p cross join generate_series(1, p.worst_notifications) as k;
--> statement-breakpoint
insert into notifications (user_id, kind, title, body, link, read_at, created_at)
select pg_temp.uid(x.u), kind.kind, kind.title, kind.body, kind.link,
  case when x.at < p.now - interval '7 days' or x.r < 0.3 then least(p.now, x.at + interval '2 hours') end,
  x.at
from scale_params p
  cross join lateral (
    select k, p.reserved + 1 + floor(p.m * random() ^ 2)::int as u, p.reserved + 1 + floor(p.m * random())::int as other,
      p.now - interval '5 minutes' - random() * interval '90 days' as at, random() as r
    from generate_series(1, greatest(0, p.n - p.worst_notifications)) as k
  ) as x
  cross join lateral (
    select (array['message', 'order_paid', 'offer_approved', 'job_received'])[1 + x.k % 4] as kind,
      (array['New message from Creator ' || x.other, 'Your order was paid', 'Your offer is live', 'You received a private job'])[1 + x.k % 4] as title,
      (array['Could you do it by Friday?', 'Creator ' || x.other || ' has paid.', '', 'Creator ' || x.other || ' sent you a job.'])[1 + x.k % 4] as body,
      (array['/messages?with=' || pg_temp.uid(x.other), '/order/' || pg_temp.job_id(x.k), '/profile', '/jobs'])[1 + x.k % 4] as link
  ) as kind
order by x.at;
--> statement-breakpoint
-- Private jobs: the first worst_jobs sent by the worst case, the next worst_jobs sent to them, the
-- rest between people (senders skewed); 40% pending, 30% accepted, 10% declined, 20% delivered.
insert into private_jobs (id, from_user_id, to_user_id, title, description, delivery_time, budget_pence, status, created_at)
select pg_temp.job_id(x.j),
  pg_temp.uid(case when x.j <= p.worst_jobs then 1 else x.a end),
  pg_temp.uid(case when x.j > p.worst_jobs and x.j <= 2 * p.worst_jobs then 1 when x.b = x.a then p.reserved + 1 + (x.b - p.reserved) % p.m else x.b end),
  'Private job ' || x.j, 'What I need: a short piece in my style, delivered as a file.',
  (array['1 Day', '2 Days', '3 Days', '1 Week'])[1 + x.j % 4],
  case when x.j % 7 = 0 then null else 1000 + (x.j % 40) * 250 end,
  case when x.j % 10 < 4 then 'pending' when x.j % 10 < 7 then 'accepted' when x.j % 10 = 7 then 'declined' else 'delivered' end,
  x.at
from scale_params p
  cross join lateral (
    select j, p.reserved + 1 + floor(p.m * random() ^ 2)::int as a, p.reserved + 1 + floor(p.m * random())::int as b,
      p.now - interval '1 hour' - random() * interval '90 days' as at
    from generate_series(1, p.jobs) as j
  ) as x;
--> statement-breakpoint
-- Orders, 1: one per accepted or delivered job (accepted: awaiting payment or paid; delivered: delivered or completed).
insert into orders (buyer_id, seller_id, job_id, title, price_pence, status, created_at, paid_at, delivered_at, completed_at,
    delivery_key, delivery_file_name, delivery_content_type)
select j.from_user_id, j.to_user_id, j.id, j.title, j.budget_pence, s.status, at,
  case when s.status <> 'awaiting_payment' then least(p.now, at + interval '1 hour') end,
  case when s.status in ('delivered', 'completed') then least(p.now, at + interval '2 days') end,
  case when s.status = 'completed' then least(p.now, at + interval '3 days') end,
  case when s.status in ('delivered', 'completed') then 'deliveries/scale/' || j.id || '.zip' end,
  case when s.status in ('delivered', 'completed') then 'delivery.zip' end,
  case when s.status in ('delivered', 'completed') then 'application/zip' end
from scale_params p
  cross join (select *, random() < 0.5 as early from private_jobs where status in ('accepted', 'delivered')) as j
  cross join lateral (select least(p.now, j.created_at + interval '20 minutes') as at) as t
  cross join lateral (select case when j.status = 'accepted' then case when j.early then 'awaiting_payment' else 'paid' end
                                  else case when j.early then 'delivered' else 'completed' end end as status) as s;
--> statement-breakpoint
-- Orders, 2: of paid offers (i % 5 = 1), up to n in all: worst_sales of the worst case's offer 1,
-- worst_purchases bought by them, the rest with skewed sellers and buyers. 10% await payment, 10% are
-- paid, 10% delivered, 70% completed.
insert into orders (buyer_id, seller_id, offer_id, title, price_pence, status, paypal_link, created_at, paid_at, delivered_at, completed_at,
    delivery_key, delivery_file_name, delivery_content_type)
select pg_temp.uid(x.buyer), pg_temp.uid(x.seller), o.id, o.title, o.price_pence, s.status, o.paypal_link, x.at,
  case when s.status <> 'awaiting_payment' then least(p.now, x.at + interval '1 hour') end,
  case when s.status in ('delivered', 'completed') then least(p.now, x.at + interval '2 days') end,
  case when s.status = 'completed' then least(p.now, x.at + interval '3 days') end,
  case when s.status in ('delivered', 'completed') then 'deliveries/scale/' || md5(x.seller || ':' || x.k || ':' || x.kind) || '.zip' end,
  case when s.status in ('delivered', 'completed') then 'delivery.zip' end,
  case when s.status in ('delivered', 'completed') then 'application/zip' end
from scale_params p
  cross join lateral (
    select 1 as kind, k, 1 as seller, p.reserved + 1 + floor(p.m * random() ^ 2)::int as buyer, p.now - interval '5 minutes' - random() * interval '90 days' as at, random() as r
    from generate_series(1, p.worst_sales) as k
    union all
    select 2, k, 5 * (1 + floor((p.n - 1) / 5 * random())::int) + 1, 1, p.now - interval '5 minutes' - random() * interval '90 days', random()
    from generate_series(1, p.worst_purchases) as k
    union all
    select 3, q.k, q.seller, case when q.buyer = q.seller then p.reserved + 1 + (q.buyer - p.reserved) % p.m else q.buyer end, q.at, q.r
    from (
      select k, 5 * (1 + floor((p.n - 1) / 5 * random() ^ 2)::int) + 1 as seller, p.reserved + 1 + floor(p.m * random() ^ 2)::int as buyer,
        p.now - interval '5 minutes' - random() * interval '90 days' as at, random() as r
      from generate_series(1, greatest(0, p.n - p.worst_sales - p.worst_purchases - (select count(*)::int from orders))) as k
    ) as q
  ) as x
  cross join lateral (select case when x.r < 0.1 then 'awaiting_payment' when x.r < 0.2 then 'paid' when x.r < 0.3 then 'delivered' else 'completed' end as status) as s
  join offers o on o.id = pg_temp.offer_id(x.seller)
order by x.at;
--> statement-breakpoint
-- Reviews: 60% of completed orders, stars skewed to the top (worst case: its offer has ~0.6 worst_sales
-- reviews); each offer's review count and star sum as the reviews' transactions keep them.
insert into reviews (order_id, offer_id, seller_id, buyer_id, rating, body, created_at)
select o.id, o.offer_id, o.seller_id, o.buyer_id, 5 - floor(4 * random() ^ 3)::int, 'Great work, quick and friendly.',
  o.completed_at + interval '1 hour'
from orders o where o.status = 'completed' and random() < 0.6;
--> statement-breakpoint
update offers f set review_count = r.count, rating_sum = r.stars
from (select offer_id, count(*)::int as count, sum(rating)::int as stars from reviews where offer_id is not null group by offer_id) as r
where f.id = r.offer_id;
--> statement-breakpoint
-- Disputes: a problem on 1% of completed orders, resolved; 1% of delivered orders (n/1000), and at
-- least 40, disputed and open: the admin's queue shows a full page at every size, so its growth from
-- 10k to 1M compares the same page (at 10k it compared 10 rows with 30).
insert into order_problems (order_id, reported_by, reason, details, reported_at, from_status, resolved_at, outcome, resolution_note)
select o.id, 'buyer', 'not_as_described', 'Not what the offer showed.', o.completed_at, 'completed', o.completed_at + interval '1 day',
  'complete', 'The delivery matches the offer.'
from orders o where o.status = 'completed' and random() < 0.01;
--> statement-breakpoint
with open_ones as (
  update orders set status = 'disputed' where id in (
    select id from orders where status = 'delivered' order by random() limit (select greatest(40, n / 1000) from scale_params)
  )
  returning id, delivered_at
)
insert into order_problems (order_id, reported_by, reason, details, reported_at, from_status)
select id, 'buyer', 'not_delivered', 'The file does not open.', delivered_at + interval '1 hour', 'delivered' from open_ones;
--> statement-breakpoint
-- Reports: n/100 cases about offers (at least 100), a few reports each, one in ten still open and at
-- least 40 (a full page of the admin's queue at every size, as for disputes).
insert into report_cases (target_kind, target_id, owner_id, snapshot, status, reports_count, last_reported_at)
select 'offer', pg_temp.offer_id(x.i)::text, pg_temp.uid(x.i), 'Offer ' || x.i, case when k % 10 = 0 or k <= 40 then 'open' else 'dismissed' end,
  1 + floor(8 * random() ^ 3)::int, p.now - random() * interval '90 days'
from scale_params p
  cross join lateral (
    -- one case per offer (the open-target index is rebuilt after the load)
    select distinct on (i) k, i from (select k, 1 + floor(p.n * random())::int as i from generate_series(1, greatest(100, p.n / 100)) as k) as d
  ) as x;
--> statement-breakpoint
-- Blocks: n/100 pairs among the message population; the worst case has blocked worst_jobs people.
insert into blocks (blocker_id, blocked_id, created_at)
select pg_temp.uid(x.a), pg_temp.uid(x.b), p.now - random() * interval '90 days' -- each pair once (the key is rebuilt after the load)
from scale_params p
  cross join lateral (
    select 1 as a, p.reserved + 1 + k as b from generate_series(1, p.worst_jobs) as k
    union all
    select p.reserved + 1 + floor(p.m * random() ^ 2)::int, p.reserved + 1 + floor(p.m * random())::int
    from generate_series(1, greatest(100, p.n / 100))
  ) as x
where x.a <> x.b
group by x.a, x.b, p.now;
--> statement-breakpoint
-- Sign-in attempts by everyone's address, 90% successful, all older than an hour (the login limiter
-- looks at the last 15 minutes, so nobody is locked out by them).
insert into login_attempts (email, ip_address, success, attempted_at)
select pg_temp.uid(p.reserved + 1 + floor(p.m * random() ^ 2)::int) || '@scale.example',
  '10.' || (k % 250) || '.' || (k / 250 % 250) || '.' || (k % 97), random() < 0.9,
  p.now - interval '1 hour' - random() * interval '90 days' as attempted_at
from scale_params p cross join generate_series(1, p.n) as k
order by attempted_at;
--> statement-breakpoint
insert into security_logs (user_id, event, ip_address, details, created_at)
select pg_temp.uid(p.reserved + 1 + floor(p.m * random())::int), (array['sign_in_failed', 'password_reset', 'email_verified', 'account_locked'])[1 + k % 4],
  '10.1.' || (k % 250) || '.' || (k % 97), jsonb_build_object('k', k), p.now - random() * interval '90 days'
from scale_params p cross join generate_series(1, greatest(100, p.n / 100)) as k;
--> statement-breakpoint
insert into audit_log (admin_id, acting_as_user_id, method, route, path, action, target_kind, target_id, target_label, status, created_at)
select 'scale-admin', case when x.k % 5 = 0 then pg_temp.uid(x.i) end, 'PATCH', '/api/admin/gigs/:id', '/api/admin/gigs/' || pg_temp.offer_id(x.i),
  case when x.k % 5 = 0 then null else (array['gig.edit', 'gig.approve', 'creator.edit', 'export'])[1 + x.k % 4] end,
  'gig', pg_temp.offer_id(x.i)::text, 'Offer ' || x.i, 200, p.now - random() * interval '90 days'
from scale_params p
  cross join lateral (select k, 1 + floor(p.n * random())::int as i from generate_series(1, greatest(100, p.n / 100)) as k) as x;
--> statement-breakpoint
refresh materialized view popular_tags;
--> statement-breakpoint
-- The facts: callers, the thread partners, the rarest (fewest titles, at least one) and the most
-- common title word and tag with how many offers they are on.
with words as (
  select w, count(*)::int as offers from (select w1 as w from scale_offers union all select w2 from scale_offers where w2 <> w1) as t group by w
), tag_use as (
  select tag_id, count(*)::int as offers from offer_tags group by tag_id
), typical_partner as (
  select case when m.sender_id = pg_temp.uid(p.typical) then m.receiver_id else m.sender_id end as other, count(*) as messages
  from scale_params p join gig_messages m on m.sender_id = pg_temp.uid(p.typical) or m.receiver_id = pg_temp.uid(p.typical)
  group by 1 order by 2 desc, 1 limit 1
)
select 'worst' as key, pg_temp.uid(1) as value
union all select 'reserved', p.reserved::text from scale_params p
union all select 'typical', pg_temp.uid(p.typical) from scale_params p
union all select 'admin', 'scale-admin'
union all select 'worstOffer', pg_temp.offer_id(1)::text
union all select 'typicalOffer', pg_temp.offer_id(p.typical)::text from scale_params p
union all select 'worstPartner', pg_temp.uid(p.reserved + 1) from scale_params p
union all select 'typicalPartner', other from typical_partner
union all (select 'commonWord', s.word || ' ' || w.offers from words w join scale_words s on s.r = w.w order by w.offers desc, w.w limit 1)
union all (select 'rareWord', s.word || ' ' || w.offers from words w join scale_words s on s.r = w.w order by w.offers, w.w desc limit 1)
union all (select 'commonTag', t.name || ' ' || u.offers from tag_use u join tags t on t.id = u.tag_id order by u.offers desc, t.name limit 1)
union all (select 'rareTag', t.name || ' ' || u.offers from tag_use u join tags t on t.id = u.tag_id order by u.offers, t.name desc limit 1);
