-- Explore's rollup (0008) was recounted every minute whatever happened: about a core-second at a million
-- offers, spent as often at night as at noon, and a pause of that length for the requests beside it on a
-- small database server. Every statement that can change what it counts now moves this sequence (a
-- sequence takes no lock and is never rolled back), and the job recounts only when it moved since its
-- last recount, or when ten minutes have passed (explore.service.ts).
CREATE SEQUENCE "popular_tags_changes";
--> statement-breakpoint
CREATE FUNCTION "popular_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('popular_tags_changes');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offers_popular_tags" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "is_approved", "media_key", "boost_count", "favorite_count" ON "offers"
FOR EACH STATEMENT EXECUTE FUNCTION "popular_tags_changed"();
--> statement-breakpoint
CREATE TRIGGER "offer_tags_popular_tags" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_tags"
FOR EACH STATEMENT EXECUTE FUNCTION "popular_tags_changed"();
--> statement-breakpoint
CREATE TRIGGER "tags_popular_tags" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags"
FOR EACH STATEMENT EXECUTE FUNCTION "popular_tags_changed"();
