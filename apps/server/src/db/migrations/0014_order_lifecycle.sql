-- Orders people can trust (issue 16): the seller confirms the buyer's payment claim, either side can
-- end an order before the work starts (cancelled, with who and why), the buyer can ask for changes
-- within the offer's revisions, and every delivered file and every move is kept (order_deliveries,
-- order_events). Orders that exist keep their story: their deliveries and moves are written from
-- what the order row knows, a delivered or completed order's payment counts as confirmed (the
-- seller delivered), and an offer's revisions carry over to its orders.
CREATE TABLE "order_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"by_role" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('payment_claimed', 'payment_confirmed', 'payment_not_received', 'delivered', 'delivery_replaced', 'changes_requested', 'completed', 'cancelled', 'declined')),
	CONSTRAINT "order_events_by_check" CHECK ("order_events"."by_role" in ('buyer', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revisions_allowed" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revisions_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_deliveries_order_idx" ON "order_deliveries" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_check" CHECK (("orders"."status" = 'cancelled') = ("orders"."cancelled_at" is not null and "orders"."cancelled_by" in ('buyer', 'seller')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_revisions_check" CHECK ("orders"."revisions_used" >= 0 and "orders"."revisions_allowed" >= 0 and "orders"."revisions_used" <= "orders"."revisions_allowed");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'delivered', 'completed', 'cancelled'));
--> statement-breakpoint
UPDATE "orders" SET "payment_confirmed_at" = coalesce("delivered_at", "paid_at")
  WHERE "status" IN ('delivered', 'completed');
--> statement-breakpoint
UPDATE "orders" SET "revisions_allowed" = greatest(o."revisions", 0)
  FROM "offers" o WHERE o."id" = "orders"."offer_id" AND "orders"."revisions_allowed" <> greatest(o."revisions", 0);
--> statement-breakpoint
INSERT INTO "order_deliveries" ("order_id", "storage_key", "file_name", "content_type", "delivered_at")
  SELECT "id", "delivery_key", coalesce("delivery_file_name", 'delivery'),
    coalesce("delivery_content_type", 'application/octet-stream'), coalesce("delivered_at", "created_at")
  FROM "orders" WHERE "delivery_key" IS NOT NULL ORDER BY "delivered_at";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "by_role", "created_at")
  SELECT "order_id", "kind", "by_role", "at" FROM (
    SELECT "id" AS "order_id", 'payment_claimed' AS "kind", 'buyer' AS "by_role", "paid_at" AS "at", 1 AS "step"
      FROM "orders" WHERE "paid_at" IS NOT NULL
    UNION ALL
    SELECT "id", 'delivered', 'seller', "delivered_at", 2 FROM "orders" WHERE "delivered_at" IS NOT NULL
    UNION ALL
    SELECT "id", 'completed', 'buyer', "completed_at", 3 FROM "orders" WHERE "completed_at" IS NOT NULL
  ) AS "e" ORDER BY "at", "step";
