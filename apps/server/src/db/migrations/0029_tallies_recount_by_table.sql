-- recount_tallies() as set-based counts over each table's columns instead of row_tallies() on each row's
-- to_jsonb (465 s at a million rows a table, for the scale benchmark's bulk load and a database restored
-- from rows): the same rules, one SELECT per line of row_tallies (0025 says them; tallies.test.ts checks
-- that the recount equals what the triggers built). As there, a row whose subject is null adds nothing
-- (an order whose buyer or seller left), and the counted columns are all text, so a subject is the column
-- itself. The triggers keep using row_tallies() for their few rows.
CREATE OR REPLACE FUNCTION "recount_tallies"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "tally_changes";
  DELETE FROM "tallies";
  INSERT INTO "tallies" ("topic", "subject", "count", "amount")
  SELECT t."topic", t."subject", sum(t."count"), sum(t."amount")
  FROM (
    SELECT 'people'::text AS "topic", ''::text AS "subject", count(*) AS "count", 0::bigint AS "amount"
    FROM "users"
    UNION ALL SELECT 'admins', '', count(*), 0 FROM "user_roles" WHERE "role" = 'admin'
    UNION ALL SELECT 'offers', '', count(*), 0 FROM "offers"
    UNION ALL SELECT 'offers_approved', '', count(*), 0 FROM "offers" WHERE "is_approved"
    UNION ALL SELECT 'offers_without_media', '', count(*), 0 FROM "offers" WHERE "media_key" = ''
    UNION ALL SELECT 'offers_visible', '', count(*), 0 FROM "offers" WHERE "is_approved" AND "media_key" <> ''
    UNION ALL SELECT 'security_events', '', count(*), 0 FROM "security_logs"
    UNION ALL SELECT 'messages', '', count(*), 0 FROM "gig_messages"
    UNION ALL SELECT 'conversations', "user_low", count(*), 0 FROM "conversation_summaries" GROUP BY "user_low"
    UNION ALL SELECT 'conversations', "user_high", count(*), 0 FROM "conversation_summaries" GROUP BY "user_high"
    UNION ALL SELECT 'orders', "status", count(*), sum(coalesce("price_pence", 0))::bigint
    FROM "orders" GROUP BY "status"
    UNION ALL SELECT 'bought', "buyer_id", count(*), 0 FROM "orders" WHERE "buyer_id" IS NOT NULL GROUP BY "buyer_id"
    UNION ALL SELECT 'sold', "seller_id", count(*), 0 FROM "orders" WHERE "seller_id" IS NOT NULL GROUP BY "seller_id"
    UNION ALL SELECT 'sales', "seller_id", count(*), sum(coalesce("price_pence", 0))::bigint
    FROM "orders" WHERE "status" = 'completed' AND "seller_id" IS NOT NULL GROUP BY "seller_id"
    UNION ALL SELECT 'sales_day', d."day", count(*), sum(coalesce(d."price_pence", 0))::bigint
    FROM (
      SELECT to_char(coalesce("completed_at", "created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "day", "price_pence"
      FROM "orders" WHERE "status" = 'completed'
    ) d
    GROUP BY d."day"
    UNION ALL SELECT 'login_attempts_hour', h."hour", count(*), 0
    FROM (SELECT to_char("attempted_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') AS "hour" FROM "login_attempts") h
    GROUP BY h."hour"
    UNION ALL SELECT 'followers', "followee_id", count(*), 0 FROM "follows" GROUP BY "followee_id"
    UNION ALL SELECT 'following', "follower_id", count(*), 0 FROM "follows" GROUP BY "follower_id"
    UNION ALL SELECT 'mails', "status", count(*), 0 FROM "mail_outbox" GROUP BY "status"
  ) t
  WHERE t."subject" IS NOT NULL
  GROUP BY t."topic", t."subject"
  HAVING sum(t."count") <> 0 OR sum(t."amount") <> 0;
$$;
