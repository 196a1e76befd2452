-- Tallies: the counts the admin dashboard, analytics, export, messages list and a person's order list
-- show, kept in the writing transaction instead of counted on each request (0.6-1.2 s at a million
-- rows). Triggers append changes; fold_tally_changes() (the job queue, every minute) sums them up.
CREATE TABLE "tallies" (
	"topic" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tallies_topic_subject_pk" PRIMARY KEY("topic","subject")
);
--> statement-breakpoint
CREATE TABLE "tally_changes" (
	"topic" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tallies_ranked_idx" ON "tallies" USING btree ("topic","amount" DESC NULLS FIRST,"count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tally_changes_idx" ON "tally_changes" USING btree ("topic","subject");--> statement-breakpoint
CREATE INDEX "login_attempts_at_idx" ON "login_attempts" USING btree ("attempted_at");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- What each row of a counted table adds to the tallies: the one list of every count the admin pages
-- and order lists read (db/tallies.queries.ts names the topics). A row is passed as jsonb so that one trigger
-- function serves every table. 'completed' is the status whose orders are revenue (REVENUE_STATUS);
-- days are UTC days.
CREATE FUNCTION "row_tallies"("tbl" text, "r" jsonb)
RETURNS TABLE ("topic" text, "subject" text, "count" bigint, "amount" bigint)
LANGUAGE sql STABLE AS $$
  SELECT v."topic", v."subject", v."count", v."amount"
  FROM (VALUES
    ('people', '', 1::bigint, 0::bigint, "tbl" = 'users'),
    ('admins', '', 1, 0, "tbl" = 'user_roles' AND "r"->>'role' = 'admin'),
    ('offers', '', 1, 0, "tbl" = 'offers'),
    ('offers_approved', '', 1, 0, "tbl" = 'offers' AND ("r"->>'is_approved')::boolean),
    ('offers_without_media', '', 1, 0, "tbl" = 'offers' AND "r"->>'media_key' = ''),
    ('offers_visible', '', 1, 0, "tbl" = 'offers' AND ("r"->>'is_approved')::boolean AND "r"->>'media_key' <> ''),
    ('security_events', '', 1, 0, "tbl" = 'security_logs'),
    ('messages', '', 1, 0, "tbl" = 'gig_messages'),
    ('conversations', "r"->>'user_low', 1, 0, "tbl" = 'conversation_summaries'),
    ('conversations', "r"->>'user_high', 1, 0, "tbl" = 'conversation_summaries'),
    ('orders', "r"->>'status', 1, coalesce(("r"->>'price_pence')::bigint, 0), "tbl" = 'orders'),
    ('bought', "r"->>'buyer_id', 1, 0, "tbl" = 'orders'),
    ('sold', "r"->>'seller_id', 1, 0, "tbl" = 'orders'),
    ('sales', "r"->>'seller_id', 1, coalesce(("r"->>'price_pence')::bigint, 0),
      "tbl" = 'orders' AND "r"->>'status' = 'completed'),
    ('sales_day',
      to_char(coalesce(("r"->>'completed_at')::timestamptz, ("r"->>'created_at')::timestamptz) AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
      1, coalesce(("r"->>'price_pence')::bigint, 0), "tbl" = 'orders' AND "r"->>'status' = 'completed')
  ) AS v("topic", "subject", "count", "amount", "applies")
  WHERE v."applies" AND v."subject" IS NOT NULL
$$;
--> statement-breakpoint
-- Appends what a row's insert, update or delete changes (the new row's tallies less the old one's):
-- appends only, so writers never wait for one another on a shared count.
CREATE FUNCTION "tally_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tally_changes" ("topic", "subject", "count", "amount")
  SELECT c."topic", c."subject", sum(c."count" * c."sign"), sum(c."amount" * c."sign")
  FROM (
    SELECT t.*, 1 AS "sign" FROM "row_tallies"(TG_TABLE_NAME, to_jsonb(NEW)) t WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT t.*, -1 AS "sign" FROM "row_tallies"(TG_TABLE_NAME, to_jsonb(OLD)) t WHERE TG_OP <> 'INSERT'
  ) c
  GROUP BY c."topic", c."subject"
  HAVING sum(c."count" * c."sign") <> 0 OR sum(c."amount" * c."sign") <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_tally" AFTER INSERT OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_tally" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "offers_tally" AFTER INSERT OR DELETE ON "offers" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
-- Only the columns counted: a boost, which updates the offer's counters, adds nothing.
CREATE TRIGGER "offers_tally_update" AFTER UPDATE ON "offers" FOR EACH ROW
WHEN ((OLD."is_approved", OLD."media_key") IS DISTINCT FROM (NEW."is_approved", NEW."media_key"))
EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "security_logs_tally" AFTER INSERT OR DELETE ON "security_logs" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "gig_messages_tally" AFTER INSERT OR DELETE ON "gig_messages" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "conversation_summaries_tally" AFTER INSERT OR DELETE ON "conversation_summaries" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_tally" AFTER INSERT OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_tally_update" AFTER UPDATE ON "orders" FOR EACH ROW
WHEN ((OLD."status", OLD."price_pence", OLD."buyer_id", OLD."seller_id", OLD."completed_at", OLD."created_at")
  IS DISTINCT FROM (NEW."status", NEW."price_pence", NEW."buyer_id", NEW."seller_id", NEW."completed_at", NEW."created_at"))
EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
-- Folds the changes appended so far into the tallies (the job queue runs it every minute), and drops
-- the tallies it brought to nothing (a person who left). A reader's one statement sees either the
-- changes or their sum, never both.
CREATE FUNCTION "fold_tally_changes"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "zero_topics" text[];
  "zero_subjects" text[];
BEGIN
  WITH "moved" AS (
    DELETE FROM "tally_changes" RETURNING "topic", "subject", "count", "amount"
  ), "folded" AS (
    INSERT INTO "tallies" ("topic", "subject", "count", "amount")
    SELECT m."topic", m."subject", sum(m."count"), sum(m."amount") FROM "moved" m GROUP BY m."topic", m."subject"
    ON CONFLICT ("topic", "subject") DO UPDATE
      SET "count" = "tallies"."count" + EXCLUDED."count", "amount" = "tallies"."amount" + EXCLUDED."amount"
    RETURNING "topic", "subject", "count", "amount"
  )
  SELECT array_agg(f."topic"), array_agg(f."subject") INTO "zero_topics", "zero_subjects"
  FROM "folded" f WHERE f."count" = 0 AND f."amount" = 0;
  DELETE FROM "tallies" t
  USING unnest("zero_topics", "zero_subjects") AS z("topic", "subject")
  WHERE t."topic" = z."topic" AND t."subject" = z."subject" AND t."count" = 0 AND t."amount" = 0;
END
$$;
--> statement-breakpoint
-- Counts everything again from the rows themselves: for this migration and for bulk loads made with
-- triggers off (the benchmark's seed). Not for a database taking writes.
CREATE FUNCTION "recount_tallies"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "tally_changes";
  DELETE FROM "tallies";
  INSERT INTO "tallies" ("topic", "subject", "count", "amount")
  SELECT t."topic", t."subject", sum(t."count"), sum(t."amount")
  FROM (
    SELECT x.* FROM "users" r, "row_tallies"('users', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "user_roles" r, "row_tallies"('user_roles', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "offers" r, "row_tallies"('offers', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "security_logs" r, "row_tallies"('security_logs', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "gig_messages" r, "row_tallies"('gig_messages', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "conversation_summaries" r, "row_tallies"('conversation_summaries', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "orders" r, "row_tallies"('orders', to_jsonb(r)) x
  ) t
  GROUP BY t."topic", t."subject"
  HAVING sum(t."count") <> 0 OR sum(t."amount") <> 0;
$$;
--> statement-breakpoint
SELECT "recount_tallies"();
--> statement-breakpoint
-- Whether a person has an offer, kept with the offer (one per person), so the admin's list of creators
-- without one walks a partial index instead of probing every person's offer.
ALTER TABLE "users" ADD COLUMN "has_offer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "has_offer" = true WHERE EXISTS (SELECT 1 FROM "offers" o WHERE o."user_id" = u."id");--> statement-breakpoint
CREATE FUNCTION "offers_owner_has_offer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "has_offer" = true WHERE "id" = NEW."user_id" AND NOT "has_offer";
  ELSE
    UPDATE "users" SET "has_offer" = false WHERE "id" = OLD."user_id" AND "has_offer";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "offers_owner_has_offer" AFTER INSERT OR DELETE ON "offers" FOR EACH ROW EXECUTE FUNCTION "offers_owner_has_offer"();--> statement-breakpoint
CREATE INDEX "users_without_offer_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "users"."has_offer";
