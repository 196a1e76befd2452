-- Creator analytics (issue 18, docs/decisions/0018): views and link/Buy clicks, one row per viewer (a
-- person or a browser, as a keyed hash), offer, kind and UTC day; the owner's own are never written. A
-- view keeps the day of the same viewer's previous view, so a period's distinct viewers can be told
-- from daily numbers. Each offer's numbers per day (views, the day's viewers who came back later,
-- boosts, favourites, reactions, shares, clicks, messages, orders, completed orders, revenue) are kept
-- as the tallies are: triggers append what each write changes to offer_stat_changes, the queue folds
-- them into offer_day_stats every minute, and the Stats page reads both, at most 90 days of one offer.
CREATE TABLE "offer_audience" (
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	"address_key" text,
	"previous_day" date,
	CONSTRAINT "offer_audience_offer_id_kind_viewer_key_day_pk" PRIMARY KEY("offer_id","kind","viewer_key","day"),
	CONSTRAINT "offer_audience_kind_check" CHECK ("offer_audience"."kind" in ('view', 'click')),
	CONSTRAINT "offer_audience_previous_check" CHECK ("offer_audience"."previous_day" is null or ("offer_audience"."kind" = 'view' and "offer_audience"."previous_day" < "offer_audience"."day"))
);
--> statement-breakpoint
ALTER TABLE "offer_audience" ADD CONSTRAINT "offer_audience_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_audience_address_idx" ON "offer_audience" USING btree ("offer_id","kind","day","address_key") WHERE "offer_audience"."address_key" is not null;--> statement-breakpoint
CREATE TABLE "audience_bursts" (
	"address_key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_day_stats" (
	"offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"viewers_returning" integer DEFAULT 0 NOT NULL,
	"boosts" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"reactions" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"completed_orders" integer DEFAULT 0 NOT NULL,
	"revenue_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_day_stats_offer_id_day_pk" PRIMARY KEY("offer_id","day")
);
--> statement-breakpoint
ALTER TABLE "offer_day_stats" ADD CONSTRAINT "offer_day_stats_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "offer_stat_changes" (
	"offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"viewers_returning" integer DEFAULT 0 NOT NULL,
	"boosts" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"reactions" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"completed_orders" integer DEFAULT 0 NOT NULL,
	"revenue_pence" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offer_stat_changes_idx" ON "offer_stat_changes" USING btree ("offer_id","day");--> statement-breakpoint
-- What one row of a counted table adds to its offer's days: the one list of what the Stats page
-- counts. A view counts on its day, and on its viewer's previous view's day as one of that day's
-- viewers who came back; a favourite, reaction or message by the offer's owner does not count (nor
-- does a message the owner sends); an order counts on the day it was placed, and again as completed
-- with its price on the day it completed. Days are UTC days.
CREATE FUNCTION "offer_stat_rows"("tbl" text, "r" jsonb)
RETURNS TABLE ("offer_id" uuid, "day" date, "views" integer, "viewers_returning" integer, "boosts" integer,
	"favorites" integer, "reactions" integer, "shares" integer, "clicks" integer, "messages" integer,
	"orders" integer, "completed_orders" integer, "revenue_pence" bigint)
LANGUAGE sql STABLE AS $$
  SELECT v."offer", v."day", v."views", v."returning", v."boosts", v."favorites", v."reactions", v."shares",
    v."clicks", v."messages", v."orders", v."completed", v."revenue"
  FROM (
    SELECT ("r"->>'offer_id')::uuid AS "offer",
      (("r"->>'created_at')::timestamptz AT TIME ZONE 'UTC')::date AS "created_day",
      CASE WHEN "tbl" IN ('favorites', 'reactions', 'gig_messages') THEN
        (SELECT o."user_id" FROM "offers" o WHERE o."id" = ("r"->>'offer_id')::uuid)
      END AS "owner"
  ) w,
  LATERAL (VALUES
    (w."offer", ("r"->>'day')::date, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0::bigint,
      "tbl" = 'offer_audience' AND "r"->>'kind' = 'view'),
    (w."offer", ("r"->>'previous_day')::date, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      "tbl" = 'offer_audience' AND "r"->>'kind' = 'view'),
    (w."offer", ("r"->>'day')::date, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0,
      "tbl" = 'offer_audience' AND "r"->>'kind' = 'click'),
    (w."offer", w."created_day", 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, "tbl" = 'boosts'),
    (w."offer", w."created_day", 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
      "tbl" = 'favorites' AND "r"->>'user_id' IS DISTINCT FROM w."owner"),
    (w."offer", w."created_day", 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
      "tbl" = 'reactions' AND "r"->>'user_id' IS DISTINCT FROM w."owner"),
    (w."offer", ("r"->>'day')::date, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, "tbl" = 'offer_shares'),
    (w."offer", w."created_day", 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
      "tbl" = 'gig_messages' AND "r"->>'sender_id' IS DISTINCT FROM w."owner"),
    (w."offer", w."created_day", 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, "tbl" = 'orders'),
    (w."offer", (("r"->>'completed_at')::timestamptz AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
      coalesce(("r"->>'price_pence')::bigint, 0), "tbl" = 'orders' AND "r"->>'status' = 'completed')
  ) AS v("offer", "day", "views", "returning", "boosts", "favorites", "reactions", "shares", "clicks", "messages",
    "orders", "completed", "revenue", "applies")
  WHERE v."applies" AND v."offer" IS NOT NULL AND v."day" IS NOT NULL
$$;
--> statement-breakpoint
-- Appends what a statement's new rows add (statement-level, so a batch of views or an offer's
-- engagement deleted with it is one insert): appends only, so writers never wait on one another.
CREATE FUNCTION "offer_stats_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "offer_stat_changes" ("offer_id", "day", "views", "viewers_returning", "boosts", "favorites",
    "reactions", "shares", "clicks", "messages", "orders", "completed_orders", "revenue_pence")
  SELECT s."offer_id", s."day", sum(s."views"), sum(s."viewers_returning"), sum(s."boosts"), sum(s."favorites"),
    sum(s."reactions"), sum(s."shares"), sum(s."clicks"), sum(s."messages"), sum(s."orders"),
    sum(s."completed_orders"), sum(s."revenue_pence")
  FROM "added" a, "offer_stat_rows"(TG_TABLE_NAME, to_jsonb(a)) s
  GROUP BY s."offer_id", s."day";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What a statement's removed rows take away; the rows of an offer that is itself gone (deleted with
-- it, its stats with it) append nothing.
CREATE FUNCTION "offer_stats_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "offer_stat_changes" ("offer_id", "day", "views", "viewers_returning", "boosts", "favorites",
    "reactions", "shares", "clicks", "messages", "orders", "completed_orders", "revenue_pence")
  SELECT s."offer_id", s."day", -sum(s."views"), -sum(s."viewers_returning"), -sum(s."boosts"), -sum(s."favorites"),
    -sum(s."reactions"), -sum(s."shares"), -sum(s."clicks"), -sum(s."messages"), -sum(s."orders"),
    -sum(s."completed_orders"), -sum(s."revenue_pence")
  FROM "removed" r, "offer_stat_rows"(TG_TABLE_NAME, to_jsonb(r)) s
  WHERE EXISTS (SELECT 1 FROM "offers" o WHERE o."id" = s."offer_id")
  GROUP BY s."offer_id", s."day";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update of a counted column (an order completing, a message's sender leaving): the new row's
-- numbers less the old one's, where they differ.
CREATE FUNCTION "offer_stats_row_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "offer_stat_changes" ("offer_id", "day", "views", "viewers_returning", "boosts", "favorites",
    "reactions", "shares", "clicks", "messages", "orders", "completed_orders", "revenue_pence")
  SELECT c."offer_id", c."day", sum(c."views" * c."sign"), sum(c."viewers_returning" * c."sign"),
    sum(c."boosts" * c."sign"), sum(c."favorites" * c."sign"), sum(c."reactions" * c."sign"),
    sum(c."shares" * c."sign"), sum(c."clicks" * c."sign"), sum(c."messages" * c."sign"),
    sum(c."orders" * c."sign"), sum(c."completed_orders" * c."sign"), sum(c."revenue_pence" * c."sign")
  FROM (
    SELECT s.*, 1 AS "sign" FROM "offer_stat_rows"(TG_TABLE_NAME, to_jsonb(NEW)) s
    UNION ALL
    SELECT s.*, -1 AS "sign" FROM "offer_stat_rows"(TG_TABLE_NAME, to_jsonb(OLD)) s
  ) c
  WHERE EXISTS (SELECT 1 FROM "offers" o WHERE o."id" = c."offer_id")
  GROUP BY c."offer_id", c."day"
  HAVING sum(c."views" * c."sign") <> 0 OR sum(c."viewers_returning" * c."sign") <> 0
    OR sum(c."boosts" * c."sign") <> 0 OR sum(c."favorites" * c."sign") <> 0 OR sum(c."reactions" * c."sign") <> 0
    OR sum(c."shares" * c."sign") <> 0 OR sum(c."clicks" * c."sign") <> 0 OR sum(c."messages" * c."sign") <> 0
    OR sum(c."orders" * c."sign") <> 0 OR sum(c."completed_orders" * c."sign") <> 0
    OR sum(c."revenue_pence" * c."sign") <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offer_audience_stats_added" AFTER INSERT ON "offer_audience" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_added"();--> statement-breakpoint
CREATE TRIGGER "offer_audience_stats_removed" AFTER DELETE ON "offer_audience" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_removed"();--> statement-breakpoint
CREATE TRIGGER "boosts_stats_added" AFTER INSERT ON "boosts" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_added"();--> statement-breakpoint
CREATE TRIGGER "boosts_stats_removed" AFTER DELETE ON "boosts" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_removed"();--> statement-breakpoint
CREATE TRIGGER "favorites_stats_added" AFTER INSERT ON "favorites" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_added"();--> statement-breakpoint
CREATE TRIGGER "favorites_stats_removed" AFTER DELETE ON "favorites" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_removed"();--> statement-breakpoint
CREATE TRIGGER "reactions_stats_added" AFTER INSERT ON "reactions" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_added"();--> statement-breakpoint
CREATE TRIGGER "reactions_stats_removed" AFTER DELETE ON "reactions" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_removed"();--> statement-breakpoint
CREATE TRIGGER "offer_shares_stats_added" AFTER INSERT ON "offer_shares" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_added"();--> statement-breakpoint
CREATE TRIGGER "offer_shares_stats_removed" AFTER DELETE ON "offer_shares" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_removed"();--> statement-breakpoint
CREATE TRIGGER "gig_messages_stats_added" AFTER INSERT ON "gig_messages" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_added"();--> statement-breakpoint
CREATE TRIGGER "gig_messages_stats_removed" AFTER DELETE ON "gig_messages" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_removed"();--> statement-breakpoint
-- Only the columns counted: marking messages read appends nothing.
CREATE TRIGGER "gig_messages_stats_updated" AFTER UPDATE ON "gig_messages" FOR EACH ROW
WHEN ((OLD."offer_id", OLD."sender_id", OLD."created_at") IS DISTINCT FROM (NEW."offer_id", NEW."sender_id", NEW."created_at"))
EXECUTE FUNCTION "offer_stats_row_updated"();--> statement-breakpoint
CREATE TRIGGER "orders_stats_added" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_added"();--> statement-breakpoint
CREATE TRIGGER "orders_stats_removed" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "offer_stats_removed"();--> statement-breakpoint
CREATE TRIGGER "orders_stats_updated" AFTER UPDATE ON "orders" FOR EACH ROW
WHEN ((OLD."offer_id", OLD."status", OLD."price_pence", OLD."created_at", OLD."completed_at")
  IS DISTINCT FROM (NEW."offer_id", NEW."status", NEW."price_pence", NEW."created_at", NEW."completed_at"))
EXECUTE FUNCTION "offer_stats_row_updated"();--> statement-breakpoint
-- Folds the changes appended so far into the daily rows (the job queue runs it every minute) and drops
-- the rows it brought to nothing. A reader's one statement sees either the changes or their sum.
CREATE FUNCTION "fold_offer_stat_changes"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "zero_offers" uuid[];
  "zero_days" date[];
BEGIN
  WITH "moved" AS (
    DELETE FROM "offer_stat_changes" RETURNING *
  ), "folded" AS (
    INSERT INTO "offer_day_stats" ("offer_id", "day", "views", "viewers_returning", "boosts", "favorites",
      "reactions", "shares", "clicks", "messages", "orders", "completed_orders", "revenue_pence")
    SELECT m."offer_id", m."day", sum(m."views"), sum(m."viewers_returning"), sum(m."boosts"), sum(m."favorites"),
      sum(m."reactions"), sum(m."shares"), sum(m."clicks"), sum(m."messages"), sum(m."orders"),
      sum(m."completed_orders"), sum(m."revenue_pence")
    FROM "moved" m
    WHERE EXISTS (SELECT 1 FROM "offers" o WHERE o."id" = m."offer_id")
    GROUP BY m."offer_id", m."day"
    ON CONFLICT ("offer_id", "day") DO UPDATE SET
      "views" = "offer_day_stats"."views" + EXCLUDED."views",
      "viewers_returning" = "offer_day_stats"."viewers_returning" + EXCLUDED."viewers_returning",
      "boosts" = "offer_day_stats"."boosts" + EXCLUDED."boosts",
      "favorites" = "offer_day_stats"."favorites" + EXCLUDED."favorites",
      "reactions" = "offer_day_stats"."reactions" + EXCLUDED."reactions",
      "shares" = "offer_day_stats"."shares" + EXCLUDED."shares",
      "clicks" = "offer_day_stats"."clicks" + EXCLUDED."clicks",
      "messages" = "offer_day_stats"."messages" + EXCLUDED."messages",
      "orders" = "offer_day_stats"."orders" + EXCLUDED."orders",
      "completed_orders" = "offer_day_stats"."completed_orders" + EXCLUDED."completed_orders",
      "revenue_pence" = "offer_day_stats"."revenue_pence" + EXCLUDED."revenue_pence"
    RETURNING *
  )
  SELECT array_agg(f."offer_id"), array_agg(f."day") INTO "zero_offers", "zero_days"
  FROM "folded" f
  WHERE (f."views", f."viewers_returning", f."boosts", f."favorites", f."reactions", f."shares", f."clicks",
    f."messages", f."orders", f."completed_orders", f."revenue_pence") = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  DELETE FROM "offer_day_stats" s
  USING unnest("zero_offers", "zero_days") AS z("offer_id", "day")
  WHERE s."offer_id" = z."offer_id" AND s."day" = z."day"
    AND (s."views", s."viewers_returning", s."boosts", s."favorites", s."reactions", s."shares", s."clicks",
      s."messages", s."orders", s."completed_orders", s."revenue_pence") = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
END
$$;
--> statement-breakpoint
-- Counts every offer's days again from the rows themselves: for this migration (the engagement, messages
-- and orders made before it) and for bulk loads made with triggers off. Not for a database taking writes.
CREATE FUNCTION "recount_offer_stats"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "offer_stat_changes";
  DELETE FROM "offer_day_stats";
  INSERT INTO "offer_day_stats" ("offer_id", "day", "views", "viewers_returning", "boosts", "favorites",
    "reactions", "shares", "clicks", "messages", "orders", "completed_orders", "revenue_pence")
  SELECT s."offer_id", s."day", sum(s."views"), sum(s."viewers_returning"), sum(s."boosts"), sum(s."favorites"),
    sum(s."reactions"), sum(s."shares"), sum(s."clicks"), sum(s."messages"), sum(s."orders"),
    sum(s."completed_orders"), sum(s."revenue_pence")
  FROM (
    SELECT x.* FROM "offer_audience" r, "offer_stat_rows"('offer_audience', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "boosts" r, "offer_stat_rows"('boosts', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "favorites" r, "offer_stat_rows"('favorites', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "reactions" r, "offer_stat_rows"('reactions', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "offer_shares" r, "offer_stat_rows"('offer_shares', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "gig_messages" r, "offer_stat_rows"('gig_messages', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "orders" r, "offer_stat_rows"('orders', to_jsonb(r)) x
  ) s
  WHERE EXISTS (SELECT 1 FROM "offers" o WHERE o."id" = s."offer_id")
  GROUP BY s."offer_id", s."day";
$$;
--> statement-breakpoint
SELECT "recount_offer_stats"();
