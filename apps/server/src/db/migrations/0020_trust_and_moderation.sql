-- Trust and safety (issue 17). A feed that rewards proof: every boost, favourite, reaction and share records
-- whether the rank counts it, and an offer keeps what its rank counts (ranked_*); completed orders record whether
-- they count. Moderation: a person can be suspended (an admin files a problem on each of their open orders), every
-- admin action against a person is kept with its one appeal, and reports of a payment link come first in the queue.
CREATE TABLE "moderation_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"offer_id" uuid,
	"case_id" bigint,
	"rule" text NOT NULL,
	"note" text NOT NULL,
	"until" timestamp with time zone,
	"offer_was_approved" boolean DEFAULT false NOT NULL,
	"by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"appeal_status" text DEFAULT 'none' NOT NULL,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_decided_at" timestamp with time zone,
	"appeal_decided_by" text,
	"appeal_reply" text,
	CONSTRAINT "moderation_actions_kind_check" CHECK ("moderation_actions"."kind" in ('hide_offer', 'suspend')),
	CONSTRAINT "moderation_actions_appeal_check" CHECK ("moderation_actions"."appeal_status" in ('none', 'pending', 'upheld', 'reversed') and ("moderation_actions"."appeal_status" = 'none') = ("moderation_actions"."appealed_at" is null)),
	CONSTRAINT "moderation_actions_texts_check" CHECK (char_length("moderation_actions"."note") <= 2000 and char_length("moderation_actions"."appeal_text") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "order_problems" DROP CONSTRAINT "order_problems_by_check";--> statement-breakpoint
ALTER TABLE "order_problems" DROP CONSTRAINT "order_problems_reason_check";--> statement-breakpoint
ALTER TABLE "report_cases" DROP CONSTRAINT "report_cases_status_check";--> statement-breakpoint
DROP INDEX "report_cases_queue_idx";--> statement-breakpoint
ALTER TABLE "boosts" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_shares" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ranked_engagement" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ranked_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ranked_reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ranked_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "counts_for_rank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reactions" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_cases" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_case_id_report_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."report_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_appeal_decided_by_users_id_fk" FOREIGN KEY ("appeal_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_user_idx" ON "moderation_actions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_actions_appeals_idx" ON "moderation_actions" USING btree ("appealed_at","id") WHERE "moderation_actions"."appeal_status" = 'pending';--> statement-breakpoint
CREATE INDEX "moderation_actions_offer_idx" ON "moderation_actions" USING btree ("offer_id") WHERE "moderation_actions"."offer_id" is not null;--> statement-breakpoint
CREATE INDEX "moderation_actions_case_idx" ON "moderation_actions" USING btree ("case_id") WHERE "moderation_actions"."case_id" is not null;--> statement-breakpoint
CREATE INDEX "moderation_actions_by_idx" ON "moderation_actions" USING btree ("by_id") WHERE "moderation_actions"."by_id" is not null;--> statement-breakpoint
CREATE INDEX "moderation_actions_decided_by_idx" ON "moderation_actions" USING btree ("appeal_decided_by") WHERE "moderation_actions"."appeal_decided_by" is not null;--> statement-breakpoint
CREATE INDEX "offer_shares_counted_idx" ON "offer_shares" USING btree ("offer_id","viewer_key") WHERE "offer_shares"."counted";--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("suspended_until") WHERE "users"."suspended_until" is not null;--> statement-breakpoint
CREATE INDEX "report_cases_queue_idx" ON "report_cases" USING btree ("priority" DESC NULLS FIRST,"reports_count" DESC NULLS FIRST,"last_reported_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "report_cases"."status" = 'open';--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_ranked_check" CHECK ("offers"."ranked_engagement" >= 0 and "offers"."ranked_orders" >= 0 and "offers"."ranked_rating_sum" between "offers"."ranked_reviews" and 5 * "offers"."ranked_reviews");--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_by_check" CHECK ("order_problems"."reported_by" in ('buyer', 'seller', 'admin'));--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_reason_check" CHECK ("order_problems"."reason" in ('not_delivered', 'not_as_described', 'payment', 'no_answer', 'other', 'account_suspended'));--> statement-breakpoint
ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_status_check" CHECK ("report_cases"."status" in ('open', 'dismissed', 'hidden', 'suspended'));--> statement-breakpoint
--> statement-breakpoint
-- The rank's backfill (docs/decisions/0016): what the rank counts of what exists, by the rules the writes
-- keep from now on. A boost, favourite or reaction counts if its maker was verified and a day old when
-- they made it, is not the offer's owner and is not blocked by them.
UPDATE "boosts" AS b SET "counted" = true
FROM "users" AS u, "offers" AS o
WHERE u."id" = b."user_id" AND o."id" = b."offer_id"
	AND u."email_verified" AND b."created_at" >= u."created_at" + interval '1 day' AND o."user_id" <> b."user_id"
	AND NOT EXISTS (SELECT 1 FROM "blocks" k WHERE k."blocker_id" = o."user_id" AND k."blocked_id" = b."user_id");--> statement-breakpoint
UPDATE "favorites" AS f SET "counted" = true
FROM "users" AS u, "offers" AS o
WHERE u."id" = f."user_id" AND o."id" = f."offer_id"
	AND u."email_verified" AND f."created_at" >= u."created_at" + interval '1 day' AND o."user_id" <> f."user_id"
	AND NOT EXISTS (SELECT 1 FROM "blocks" k WHERE k."blocker_id" = o."user_id" AND k."blocked_id" = f."user_id");--> statement-breakpoint
UPDATE "reactions" AS r SET "counted" = true
FROM "users" AS u, "offers" AS o
WHERE u."id" = r."user_id" AND o."id" = r."offer_id"
	AND u."email_verified" AND r."created_at" >= u."created_at" + interval '1 day' AND o."user_id" <> r."user_id"
	AND NOT EXISTS (SELECT 1 FROM "blocks" k WHERE k."blocker_id" = o."user_id" AND k."blocked_id" = r."user_id");--> statement-breakpoint
-- A signed-in person's share (viewer key 'u:' || id) counts once per offer: the first one made by those rules.
-- Anonymous shares never count.
UPDATE "offer_shares" AS s SET "counted" = true
FROM (
	SELECT DISTINCT ON (x."offer_id", x."viewer_key") x."offer_id", x."day", x."viewer_key"
	FROM "offer_shares" AS x
	JOIN "users" AS u ON u."id" = substr(x."viewer_key", 3)
	JOIN "offers" AS o ON o."id" = x."offer_id"
	WHERE x."viewer_key" LIKE 'u:%' AND u."email_verified" AND x."created_at" >= u."created_at" + interval '1 day'
		AND o."user_id" <> u."id"
		AND NOT EXISTS (SELECT 1 FROM "blocks" k WHERE k."blocker_id" = o."user_id" AND k."blocked_id" = u."id")
	ORDER BY x."offer_id", x."viewer_key", x."day", x."created_at"
) AS first
WHERE s."offer_id" = first."offer_id" AND s."day" = first."day" AND s."viewer_key" = first."viewer_key";--> statement-breakpoint
-- A completed order counts if its buyer was verified and a day old when it completed and is not its seller.
UPDATE "orders" AS d SET "counts_for_rank" = true
FROM "users" AS u
WHERE u."id" = d."buyer_id" AND d."status" = 'completed' AND d."buyer_id" IS DISTINCT FROM d."seller_id"
	AND u."email_verified" AND d."completed_at" >= u."created_at" + interval '1 day';--> statement-breakpoint
-- Every offer's ranked columns from those marks, and its rank score by this release's formula (core's
-- ranking.ts as it reads now, written out so the migration never changes with the code):
-- ln(1 + engagement + 8 orders + 12 reviews x Wilson lower bound (z = 1.96) of the good stars) + created_at / 62000.
UPDATE "offers" AS o SET
	"ranked_engagement" = p."engagement",
	"ranked_orders" = p."orders",
	"ranked_reviews" = p."reviews",
	"ranked_rating_sum" = p."stars",
	"rank_score" = ln(1 + p."engagement" + 8 * p."orders" + 12 * p."reviews" * (CASE WHEN p."reviews" > 0
		THEN (p."good" + 3.8416 / (2.0 * p."reviews") - 1.96 * sqrt(p."good" * (1 - p."good") / p."reviews" + 3.8416 / (4.0 * p."reviews" * p."reviews")))
			/ (1 + 3.8416 / p."reviews"::double precision)
		ELSE 0 END)) + extract(epoch from o."created_at") / 62000
FROM (
	SELECT x."id", coalesce(e."engagement", 0) AS "engagement", coalesce(r."orders", 0) AS "orders",
		coalesce(r."reviews", 0) AS "reviews", coalesce(r."stars", 0) AS "stars",
		CASE WHEN r."reviews" > 0 THEN (r."stars" - r."reviews")::double precision / (4 * r."reviews") END AS "good"
	FROM "offers" AS x
	LEFT JOIN (
		SELECT w."offer_id", sum(w."weight")::int AS "engagement"
		FROM (
			SELECT "offer_id", 3 AS "weight" FROM "boosts" WHERE "counted"
			UNION ALL SELECT "offer_id", 2 FROM "favorites" WHERE "counted"
			UNION ALL SELECT "offer_id", 1 FROM "reactions" WHERE "counted"
			UNION ALL SELECT "offer_id", 1 FROM "offer_shares" WHERE "counted"
		) AS w
		GROUP BY w."offer_id"
	) AS e ON e."offer_id" = x."id"
	LEFT JOIN (
		SELECT d."offer_id", count(*)::int AS "orders", count(v."id")::int AS "reviews", coalesce(sum(v."rating"), 0)::int AS "stars"
		FROM "orders" AS d LEFT JOIN "reviews" AS v ON v."order_id" = d."id"
		WHERE d."counts_for_rank" AND d."offer_id" IS NOT NULL
		GROUP BY d."offer_id"
	) AS r ON r."offer_id" = x."id"
) AS p
WHERE p."id" = o."id";