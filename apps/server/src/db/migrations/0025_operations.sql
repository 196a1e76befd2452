-- Operations (issue 20).
--
-- The mail outbox becomes a table of its own: every mail is a row written in the transaction of the event
-- that owes it, sent by the queue's mail worker in created order per recipient (a recipient's next mail waits
-- until the one before it was sent or given up), retried with a growing delay, and marked failed when it
-- still fails a day after it was written. A sent mail keeps its recipient and subject for 30 days, not its
-- text (its links may sign someone in). How many mails are queued, sent and failed are tallies (topic mails,
-- subject the status), so the admins' diagnostics read three keys.
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"mail" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_queued_idx" ON "mail_outbox" USING btree ("recipient","id") WHERE "mail_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at","id") WHERE "mail_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_outbox_finished_idx" ON "mail_outbox" USING btree ("finished_at","id") WHERE "mail_outbox"."status" <> 'queued';--> statement-breakpoint
-- Stored files no row has claimed yet: an upload is written here before its file goes to storage, and the
-- transaction that saves the row pointing at the file deletes it. What is left (a save that failed, a process
-- that died between the two, a removal the storage refused) is removed from storage by the queue once due.
CREATE TABLE "unclaimed_files" (
	"key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "unclaimed_files_due_idx" ON "unclaimed_files" USING btree ("due_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_tallies"("tbl" text, "r" jsonb)
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
      1, coalesce(("r"->>'price_pence')::bigint, 0), "tbl" = 'orders' AND "r"->>'status' = 'completed'),
    ('login_attempts_hour',
      to_char(("r"->>'attempted_at')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'), 1, 0, "tbl" = 'login_attempts'),
    ('followers', "r"->>'followee_id', 1, 0, "tbl" = 'follows'),
    ('following', "r"->>'follower_id', 1, 0, "tbl" = 'follows'),
    ('mails', "r"->>'status', 1, 0, "tbl" = 'mail_outbox')
  ) AS v("topic", "subject", "count", "amount", "applies")
  WHERE v."applies" AND v."subject" IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recount_tallies"() RETURNS void LANGUAGE sql AS $$
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
    UNION ALL SELECT x.* FROM "login_attempts" r, "row_tallies"('login_attempts', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "follows" r, "row_tallies"('follows', to_jsonb(r)) x
    UNION ALL SELECT x.* FROM "mail_outbox" r, "row_tallies"('mail_outbox', to_jsonb(r)) x
  ) t
  GROUP BY t."topic", t."subject"
  HAVING sum(t."count") <> 0 OR sum(t."amount") <> 0;
$$;
--> statement-breakpoint
CREATE TRIGGER "mail_outbox_tally" AFTER INSERT OR DELETE ON "mail_outbox" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
--> statement-breakpoint
CREATE TRIGGER "mail_outbox_tally_update" AFTER UPDATE ON "mail_outbox" FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "tally_row_change"();
