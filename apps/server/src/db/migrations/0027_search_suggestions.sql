-- Search suggestions (issue 19): typing in search suggests creators by the start of their display name
-- and tags by the start of their name, at most 8 of each. Each is one walk of a btree in name order
-- that stops after 8 entries, whatever the number of people or tags: the "C" collation orders names by
-- their bytes, so a prefix is one range of the index and LIKE 'ma%' reads only that range, in order.
-- Creators are people with an offer who are not suspended (the partial index holds only them); tags
-- are those of offers in the feed, from the popular tags rollup (migration 0008), with their counts.
CREATE INDEX "users_creator_name_prefix_idx" ON "users" USING btree ((lower("display_name")) COLLATE "C") WHERE "has_offer" AND "suspended_until" IS NULL;--> statement-breakpoint
CREATE INDEX "popular_tags_name_prefix_idx" ON "popular_tags" USING btree ((lower("name")) COLLATE "C");
