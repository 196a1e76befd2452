-- Accounts whose addresses differ only by case: the oldest keeps the address; each later one is moved
-- to a reserved address nobody can receive mail at (like an admin-made creator without a login), so
-- its orders and messages stay, and the change is recorded as a security event an admin can look up.
INSERT INTO "security_logs" ("user_id", "event", "details")
SELECT u."id", 'email_case_duplicate_moved', jsonb_build_object('email', u."email")
FROM "users" u
WHERE EXISTS (
	SELECT 1 FROM "users" o
	WHERE lower(o."email") = lower(u."email") AND (o."created_at", o."id") < (u."created_at", u."id")
);--> statement-breakpoint
UPDATE "users" u SET "email" = 'duplicate-' || u."id" || '@gigreel.invalid'
WHERE EXISTS (
	SELECT 1 FROM "users" o
	WHERE lower(o."email") = lower(u."email") AND (o."created_at", o."id") < (u."created_at", u."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));
