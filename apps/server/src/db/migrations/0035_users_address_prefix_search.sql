-- The admin's search for a person (issue 15) matches any part of a name, and the start of an address
-- or of its domain. Any part of an address was a trigram search (users_email_trgm_idx): its posting
-- lists grow with the number of people, so finding one person by address cost 0.5 ms of PostgreSQL at
-- ten thousand people and 1.75 ms at a million. A start is one range of a btree in byte order ("C"
-- collation, as migration 0027's name prefixes), the same at any size. The planner knows how many
-- addresses start with a text only from the statistics of the indexes' expressions: until the table is
-- analyzed it guesses 0.5% of everyone and walks the whole list instead (5 s at a million people).
DROP INDEX IF EXISTS "users_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ((lower("email")) COLLATE "C");--> statement-breakpoint
CREATE INDEX "users_email_domain_prefix_idx" ON "users" USING btree ((split_part(lower("email"), '@', 2)) COLLATE "C");--> statement-breakpoint
ANALYZE "users";
