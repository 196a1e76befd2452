-- The audit trail outlives the accounts it names: ids are kept, not nulled by a foreign key.
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_admin_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_acting_as_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_kind" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_label" text;--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
-- What the admin reviewed: every change to what an offer shows moves its version on, whichever code made it.
ALTER TABLE "offers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "offers_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "offers_version_on_edit" BEFORE UPDATE ON "offers" FOR EACH ROW
WHEN ((OLD.title, OLD.media_key, OLD.media_type, OLD.link, OLD.is_paid_offer, OLD.price_pence, OLD.currency, OLD.paypal_link, OLD.purchase_note,
       OLD.description, OLD.music_track_name, OLD.music_credit_link, OLD.category, OLD.subcategory, OLD.delivery_time, OLD.revisions, OLD.updated_at)
  IS DISTINCT FROM
      (NEW.title, NEW.media_key, NEW.media_type, NEW.link, NEW.is_paid_offer, NEW.price_pence, NEW.currency, NEW.paypal_link, NEW.purchase_note,
       NEW.description, NEW.music_track_name, NEW.music_credit_link, NEW.category, NEW.subcategory, NEW.delivery_time, NEW.revisions, NEW.updated_at))
EXECUTE FUNCTION "offers_next_version"();
