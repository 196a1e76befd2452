/**
 * The boost toggle as the server sends it (engagement.service toggleBoost), for pgbench scripts: lock
 * the offer; remove the person's boost or else add it, marked counted when the rank counts the person
 * (db/ranked.ts: established, not blocked by the owner; two primary-key probes), in one statement;
 * then move boost_count, ranked_engagement and rank_score in one UPDATE that reads back the counters
 * and the person's marks (or only reads them when nothing changed). Each argument is an SQL expression.
 */
import { ENGAGEMENT_WEIGHTS, FRESH_ACCOUNT_MS, rankScoreSql } from '@gigreel/core';

export function boostTransaction(sql: { person: string; offer: string; owner: string }): string {
  const { person, offer, owner } = sql;
  const counts = `(${person} <> ${owner} and coalesce((select u.email_verified and u.created_at <= now() - interval '${FRESH_ACCOUNT_MS / 1000} seconds' from users u where u.id = ${person}), false)
    and not exists (select 1 from blocks k where k.blocker_id = ${owner} and k.blocked_id = ${person}))`;
  const counters = `boost_count, favorite_count, reaction_count, share_count,
  coalesce((select true from boosts b where b.user_id = ${person} and b.offer_id = offers.id), false) as boosted,
  coalesce((select true from favorites f where f.user_id = ${person} and f.offer_id = offers.id), false) as favorited,
  (select r.emoji from reactions r where r.user_id = ${person} and r.offer_id = offers.id) as reaction`;
  return `begin;
select id, user_id, is_approved, media_key from offers where id = ${offer} for update;
with removed as (delete from boosts where user_id = ${person} and offer_id = ${offer} returning counted),
  added as (
    insert into boosts (user_id, offer_id, counted, created_at)
    select ${person}, ${offer}, ${counts}, now() where not exists (select 1 from removed)
    on conflict do nothing returning counted
  )
select (select count(*) from added)::int - (select count(*) from removed)::int as delta,
  coalesce((select counted from added), (select counted from removed), false) as counted \\gset
\\if :counted
\\set ranked ${ENGAGEMENT_WEIGHTS.boost} * :delta
\\else
\\set ranked 0
\\endif
\\if :delta = 0
select ${counters} from offers where id = ${offer};
\\else
update offers set boost_count = (boost_count + (:delta)), ranked_engagement = (ranked_engagement + (:ranked)),
  rank_score = ${rankScoreSql({ ranked_engagement: '(ranked_engagement + (:ranked))' })}
where id = ${offer} returning ${counters};
\\endif
commit;`;
}
