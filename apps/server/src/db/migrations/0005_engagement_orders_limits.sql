ALTER TABLE "offers" ADD COLUMN "anonymous_share_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_anonymous_shares_check" CHECK ("offers"."anonymous_share_count" between 0 and "offers"."share_count");--> statement-breakpoint
CREATE TABLE "offer_shares" (
	"offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer_key" text NOT NULL,
	"address_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_shares_offer_id_day_viewer_key_pk" PRIMARY KEY("offer_id","day","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "offer_shares" ADD CONSTRAINT "offer_shares_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_shares_address_idx" ON "offer_shares" USING btree ("offer_id","day","address_key") WHERE "offer_shares"."address_key" is not null;--> statement-breakpoint
CREATE TABLE "share_bursts" (
	"address_key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "private_jobs_from_idx" ON "private_jobs" USING btree ("from_user_id","created_at");--> statement-breakpoint
-- A creator's own favourite or reaction no longer counts: take the existing ones out of the counters
-- and the rank (only the offers that have one are rewritten; the formula is the one of this release).
UPDATE "offers" AS o SET
	"favorite_count" = c.favorites,
	"reaction_count" = c.reactions,
	"rank_score" = ln(1 + 3 * o."boost_count" + 2 * c.favorites + c.reactions + o."share_count" - 0.75 * o."anonymous_share_count") + extract(epoch from o."created_at") / 62000
FROM (
	SELECT x."id",
		(SELECT count(*) FROM "favorites" f WHERE f."offer_id" = x."id" AND f."user_id" <> x."user_id")::int AS favorites,
		(SELECT count(*) FROM "reactions" r WHERE r."offer_id" = x."id" AND r."user_id" <> x."user_id")::int AS reactions
	FROM "offers" x
	WHERE EXISTS (SELECT 1 FROM "favorites" f WHERE f."offer_id" = x."id" AND f."user_id" = x."user_id")
		OR EXISTS (SELECT 1 FROM "reactions" r WHERE r."offer_id" = x."id" AND r."user_id" = x."user_id")
) AS c
WHERE c."id" = o."id";
--> statement-breakpoint
-- Orders not yet paid may hold a link made up from the seller's display name: point them at the link
-- the seller entered (the offer's; for a private job, the designer's own), or at none.
UPDATE "orders" AS o SET "paypal_link" = CASE
		WHEN o."offer_id" IS NOT NULL THEN (SELECT f."paypal_link" FROM "offers" f WHERE f."id" = o."offer_id")
		ELSE (SELECT u."paypal_link" FROM "users" u WHERE u."id" = o."seller_id")
	END
WHERE o."status" = 'awaiting_payment';
