-- An account people control (issue 19): a change of address waits for the new address to confirm it
-- (one pending change per person, found by its link's hash, until it expires); the mails a person may
-- ask for again (a verification link, a change of address) are counted per address and per client
-- address, so a few an hour is the limit; a person's signed-in devices are read live ones only, in
-- order of their last activity; and their saved offers (favourites), newest first, by keyset.
CREATE TABLE "email_changes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "mail_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_requests_kind_check" CHECK ("mail_requests"."kind" in ('verification', 'email_change'))
);
--> statement-breakpoint
CREATE INDEX "mail_requests_subject_idx" ON "mail_requests" USING btree ("kind","subject","created_at");--> statement-breakpoint
CREATE INDEX "mail_requests_address_idx" ON "mail_requests" USING btree ("kind","ip_address","created_at");--> statement-breakpoint
DROP INDEX "sessions_user_idx";--> statement-breakpoint
CREATE INDEX "sessions_user_expires_idx" ON "sessions" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS FIRST,"offer_id" DESC NULLS FIRST);
