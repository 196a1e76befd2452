-- Talking inside an order (issue 16): besides the canned messages, a party may write its own text
-- (SPEC section 5 message rules). A message is one or the other.
ALTER TABLE "order_messages" ALTER COLUMN "message_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_one_kind_check" CHECK (("order_messages"."message_key" is null) <> ("order_messages"."body" is null));