-- Person lists in index order: each list of a person's orders, private jobs and notifications is
-- ordered by (created_at desc, id desc), and its index now holds both, so a page is read straight
-- from the index and stops after the page, also in a prepared statement's generic plan (which does
-- not know how many rows a person has, and sorted all of them: 2,000 jobs read for 200 shown).
-- A thread is read one side of the pair at a time from gig_messages_pair_idx.
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_idx";--> statement-breakpoint
DROP INDEX "orders_seller_idx";--> statement-breakpoint
DROP INDEX "private_jobs_to_idx";--> statement-breakpoint
DROP INDEX "private_jobs_from_idx";--> statement-breakpoint
CREATE INDEX "gig_messages_pair_idx" ON "gig_messages" USING btree ("sender_id","receiver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "private_jobs_to_idx" ON "private_jobs" USING btree ("to_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "private_jobs_from_idx" ON "private_jobs" USING btree ("from_user_id","created_at","id");