-- Disputes and reviews (issue 16). An order gets a disputed state: either side reports a problem (order_problems,
-- at most one open per order) and an admin resolves it by completing, cancelling (cancelled_by admin) or sending it
-- back for delivery; those moves join the history kinds. Reviews: one per completed order, with the seller's one
-- reply; each offer keeps its review count and star sum so the feed shows the average without reading reviews.
CREATE TABLE "order_problems" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"reported_by" text NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"from_status" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"outcome" text,
	"resolution_note" text,
	CONSTRAINT "order_problems_by_check" CHECK ("order_problems"."reported_by" in ('buyer', 'seller')),
	CONSTRAINT "order_problems_reason_check" CHECK ("order_problems"."reason" in ('not_delivered', 'not_as_described', 'payment', 'no_answer', 'other')),
	CONSTRAINT "order_problems_details_check" CHECK (char_length("order_problems"."details") between 1 and 1000),
	CONSTRAINT "order_problems_resolved_check" CHECK (("order_problems"."resolved_at" is null) = ("order_problems"."outcome" is null) and ("order_problems"."outcome" is null or "order_problems"."outcome" in ('complete', 'cancel', 'redeliver')))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"offer_id" uuid,
	"seller_id" text,
	"buyer_id" text,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") <= 500),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply" is null) = ("reviews"."replied_at" is null) and char_length("reviews"."reply") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_by_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cancelled_check";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_problems_open_idx" ON "order_problems" USING btree ("order_id") WHERE "order_problems"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "order_problems_queue_idx" ON "order_problems" USING btree ("reported_at","id") WHERE "order_problems"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "order_problems_order_idx" ON "order_problems" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_problems_resolved_by_idx" ON "order_problems" USING btree ("resolved_by") WHERE "order_problems"."resolved_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_idx" ON "reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reviews_offer_idx" ON "reviews" USING btree ("offer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_seller_idx" ON "reviews" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_buyer_idx" ON "reviews" USING btree ("buyer_id");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_rating_check" CHECK ("offers"."rating_sum" between "offers"."review_count" and 5 * "offers"."review_count");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('payment_claimed', 'payment_confirmed', 'payment_not_received', 'delivered', 'delivery_replaced', 'changes_requested', 'completed', 'cancelled', 'declined', 'reminded', 'auto_completed', 'expired', 'problem_reported', 'resolved_completed', 'resolved_cancelled', 'resolved_redeliver'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_by_check" CHECK ("order_events"."by_role" in ('buyer', 'seller', 'system', 'admin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'delivered', 'completed', 'cancelled', 'disputed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_check" CHECK (("orders"."status" = 'cancelled') = ("orders"."cancelled_at" is not null and "orders"."cancelled_by" in ('buyer', 'seller', 'system', 'admin')));