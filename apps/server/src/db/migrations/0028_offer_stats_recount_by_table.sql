-- recount_offer_stats() as one set-based pass per table instead of offer_stat_rows() on each row's
-- to_jsonb: the same rules (offer_stat_rows says them; rollup.test.ts checks that both give the same
-- rows), about twenty times faster, which a bulk load (the scale benchmark's million rows) and a
-- database restored from rows need. The triggers keep using offer_stat_rows() for their few rows.
CREATE OR REPLACE FUNCTION "recount_offer_stats"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "offer_stat_changes";
  DELETE FROM "offer_day_stats";
  INSERT INTO "offer_day_stats" ("offer_id", "day", "views", "viewers_returning", "boosts", "favorites",
    "reactions", "shares", "clicks", "messages", "orders", "completed_orders", "revenue_pence")
  SELECT s."offer_id", s."day", sum(s."views"), sum(s."viewers_returning"), sum(s."boosts"), sum(s."favorites"),
    sum(s."reactions"), sum(s."shares"), sum(s."clicks"), sum(s."messages"), sum(s."orders"),
    sum(s."completed_orders"), sum(s."revenue_pence")
  FROM (
    SELECT a."offer_id", a."day", 1 AS "views", 0 AS "viewers_returning", 0 AS "boosts", 0 AS "favorites",
      0 AS "reactions", 0 AS "shares", 0 AS "clicks", 0 AS "messages", 0 AS "orders", 0 AS "completed_orders",
      0::bigint AS "revenue_pence"
    FROM "offer_audience" a WHERE a."kind" = 'view'
    UNION ALL SELECT a."offer_id", a."previous_day", 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0
    FROM "offer_audience" a WHERE a."kind" = 'view'
    UNION ALL SELECT a."offer_id", a."day", 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0
    FROM "offer_audience" a WHERE a."kind" = 'click'
    UNION ALL SELECT b."offer_id", (b."created_at"::timestamptz AT TIME ZONE 'UTC')::date, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0
    FROM "boosts" b
    UNION ALL SELECT f."offer_id", (f."created_at"::timestamptz AT TIME ZONE 'UTC')::date, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0
    FROM "favorites" f JOIN "offers" o ON o."id" = f."offer_id" WHERE f."user_id" IS DISTINCT FROM o."user_id"
    UNION ALL SELECT r."offer_id", (r."created_at"::timestamptz AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0
    FROM "reactions" r JOIN "offers" o ON o."id" = r."offer_id" WHERE r."user_id" IS DISTINCT FROM o."user_id"
    UNION ALL SELECT h."offer_id", h."day", 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0
    FROM "offer_shares" h
    UNION ALL SELECT m."offer_id", (m."created_at"::timestamptz AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0
    FROM "gig_messages" m JOIN "offers" o ON o."id" = m."offer_id" WHERE m."sender_id" IS DISTINCT FROM o."user_id"
    UNION ALL SELECT d."offer_id", (d."created_at"::timestamptz AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0
    FROM "orders" d
    UNION ALL SELECT d."offer_id", (d."completed_at"::timestamptz AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
      coalesce(d."price_pence", 0)::bigint
    FROM "orders" d WHERE d."status" = 'completed'
  ) s
  WHERE s."offer_id" IS NOT NULL AND s."day" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "offers" o WHERE o."id" = s."offer_id")
  GROUP BY s."offer_id", s."day";
$$;
