-- Explore's popular hashtags, rolled up: counting every tag's offers and engagement on each request
-- took 0.8-1.8 s at a million offers. The job queue refreshes this about once a minute (about 0.8 s
-- there), concurrently, so readers never wait; reading it is one index scan.
CREATE MATERIALIZED VIEW "popular_tags" AS
SELECT t."id" AS "tag_id",
       t."name" AS "name",
       count(*)::int AS "offer_count",
       coalesce(sum(2 * o."boost_count" + o."favorite_count"), 0)::int AS "engagement_score"
FROM "tags" t
JOIN "offer_tags" ot ON ot."tag_id" = t."id"
JOIN "offers" o ON o."id" = ot."offer_id" AND o."is_approved" AND o."media_key" <> ''
GROUP BY t."id", t."name";
--> statement-breakpoint
CREATE UNIQUE INDEX "popular_tags_tag_idx" ON "popular_tags" ("tag_id");
--> statement-breakpoint
CREATE INDEX "popular_tags_rank_idx" ON "popular_tags" ("engagement_score" DESC, "offer_count" DESC, "name");
