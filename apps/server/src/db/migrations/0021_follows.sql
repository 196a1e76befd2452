-- Follows (issue 18): one row per follower and creator. How many follow a person and how many they
-- follow are tallies (topics followers and following, subject the person's id) appended by the tallies'
-- trigger, so a creator page reads two keys however many follow them, and an account deleted (its follows
-- cascading away) takes itself off every count it was in.
CREATE TABLE "follows" (
	"follower_id" text NOT NULL,
	"followee_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS FIRST,"follower_id" DESC NULLS FIRST);--> statement-breakpoint
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
    ('following', "r"->>'follower_id', 1, 0, "tbl" = 'follows')
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
  ) t
  GROUP BY t."topic", t."subject"
  HAVING sum(t."count") <> 0 OR sum(t."amount") <> 0;
$$;
--> statement-breakpoint
CREATE TRIGGER "follows_tally" AFTER INSERT OR DELETE ON "follows" FOR EACH ROW EXECUTE FUNCTION "tally_row_change"();
