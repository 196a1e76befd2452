ALTER TABLE "login_attempts" ADD COLUMN "counts_toward_limit" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("email","attempted_at") WHERE NOT "login_attempts"."success" AND "login_attempts"."counts_toward_limit";--> statement-breakpoint
CREATE TABLE "sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_ups_address_idx" ON "sign_ups" USING btree ("ip_address","created_at");
