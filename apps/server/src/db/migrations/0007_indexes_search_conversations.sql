-- Issue 15, the database side: every list walks an index in the order it shows, searches use a
-- trigram index, and a person's conversations and unread count come from one summary row per pair.
-- PGlite loads pg_trgm's code when it opens the database (db/connection.ts); PostgreSQL ships it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Foreign keys without an index of their own: deleting an offer, a private job or a person looked
-- for the rows pointing at it by scanning the whole table. Mostly-null columns index their non-null rows.
CREATE INDEX "gig_messages_offer_idx" ON "gig_messages" USING btree ("offer_id") WHERE "gig_messages"."offer_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_offer_idx" ON "orders" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "orders_job_idx" ON "orders" USING btree ("job_id") WHERE "orders"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "security_logs_user_idx" ON "security_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_impersonated_by_idx" ON "sessions" USING btree ("impersonated_by") WHERE "sessions"."impersonated_by" is not null;--> statement-breakpoint
-- Newest first by keyset, (created_at, id) < cursor ordered by created_at desc, id desc: the admin
-- creators, gigs and messages lists and the CSV export's batches (users, offers, orders, messages).
-- Plain DESC (nulls first), as the queries order, so the index gives the order without a sort.
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_created_id_idx" ON "offers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "gig_messages_created_id_idx" ON "gig_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- A person's boosted list, newest boost first (ties by offer id, as the query orders).
CREATE INDEX "boosts_user_created_idx" ON "boosts" USING btree ("user_id","created_at" DESC NULLS FIRST,"offer_id" DESC NULLS FIRST);--> statement-breakpoint
-- Unread rows only: opening a thread marks what the other person sent (receiver, sender, unread);
-- the notifications' unread count, mark all read and a thread's notifications (by link).
CREATE INDEX "gig_messages_unread_idx" ON "gig_messages" USING btree ("receiver_id","sender_id") WHERE "gig_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","link") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Title search: ILIKE '%word%' through trigrams, for the q filter and the title half of a tag filter.
CREATE INDEX "offers_title_trgm_idx" ON "offers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- One row per pair of people (user_low < user_high): the pair's latest message, and how many
-- messages each side has not read. messages.queries.ts keeps it in the message's transaction.
CREATE TABLE "conversation_summaries" (
	"user_low" text NOT NULL,
	"user_high" text NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_sender_id" text NOT NULL,
	"last_message" text NOT NULL,
	"last_offer_title" text,
	"last_at" timestamp with time zone NOT NULL,
	"unread_low" integer DEFAULT 0 NOT NULL,
	"unread_high" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_summaries_user_low_user_high_pk" PRIMARY KEY("user_low","user_high"),
	CONSTRAINT "conversation_summaries_pair_check" CHECK ("conversation_summaries"."user_low" < "conversation_summaries"."user_high"),
	CONSTRAINT "conversation_summaries_unread_check" CHECK ("conversation_summaries"."unread_low" >= 0 and "conversation_summaries"."unread_high" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conversation_summaries" ADD CONSTRAINT "conversation_summaries_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_summaries" ADD CONSTRAINT "conversation_summaries_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The conversations that exist so far: the latest message of each pair (created_at, then id, as the
-- list always ordered) and each side's unread messages. Messages whose other side has left have no
-- pair (they were never listed).
INSERT INTO "conversation_summaries" ("user_low", "user_high", "last_message_id", "last_sender_id", "last_message", "last_offer_title", "last_at", "unread_low", "unread_high")
WITH "pairs" AS (
	SELECT least(m."sender_id", m."receiver_id") AS "lo", greatest(m."sender_id", m."receiver_id") AS "hi",
		m."id", m."sender_id", m."receiver_id", m."message", m."offer_title", m."created_at", m."read_at"
	FROM "gig_messages" m
	WHERE m."sender_id" IS NOT NULL AND m."receiver_id" IS NOT NULL AND m."sender_id" <> m."receiver_id"
), "latest" AS (
	SELECT DISTINCT ON ("lo", "hi") "lo", "hi", "id", "sender_id", "message", "offer_title", "created_at"
	FROM "pairs" ORDER BY "lo", "hi", "created_at" DESC, "id" DESC
), "unread" AS (
	SELECT "lo", "hi",
		(count(*) FILTER (WHERE "receiver_id" = "lo" AND "read_at" IS NULL))::int AS "unread_low",
		(count(*) FILTER (WHERE "receiver_id" = "hi" AND "read_at" IS NULL))::int AS "unread_high"
	FROM "pairs" GROUP BY "lo", "hi"
)
SELECT l."lo", l."hi", l."id", l."sender_id", l."message", l."offer_title", l."created_at", u."unread_low", u."unread_high"
FROM "latest" l JOIN "unread" u ON u."lo" = l."lo" AND u."hi" = l."hi";--> statement-breakpoint
CREATE INDEX "conversation_summaries_low_idx" ON "conversation_summaries" USING btree ("user_low","last_at" DESC NULLS FIRST,"last_message_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversation_summaries_high_idx" ON "conversation_summaries" USING btree ("user_high","last_at" DESC NULLS FIRST,"last_message_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversation_summaries_low_unread_idx" ON "conversation_summaries" USING btree ("user_low","unread_low") WHERE "conversation_summaries"."unread_low" > 0;--> statement-breakpoint
CREATE INDEX "conversation_summaries_high_unread_idx" ON "conversation_summaries" USING btree ("user_high","unread_high") WHERE "conversation_summaries"."unread_high" > 0;
