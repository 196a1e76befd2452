-- The order timers (issue 16): a delivery the buyer leaves alone completes by itself, with a reminder
-- first, and an order left unpaid expires; the timers' moves are the order's history's third actor.
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_by_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cancelled_check";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('payment_claimed', 'payment_confirmed', 'payment_not_received', 'delivered', 'delivery_replaced', 'changes_requested', 'completed', 'cancelled', 'declined', 'reminded', 'auto_completed', 'expired'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_by_check" CHECK ("order_events"."by_role" in ('buyer', 'seller', 'system'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_check" CHECK (("orders"."status" = 'cancelled') = ("orders"."cancelled_at" is not null and "orders"."cancelled_by" in ('buyer', 'seller', 'system')));