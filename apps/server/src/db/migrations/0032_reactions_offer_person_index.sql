-- A person's reaction to an offer (the feed's viewer state, an offer's page) is one probe of the key
-- (user_id, offer_id), but the generic plan of the viewer-state statement chose reactions_offer_idx,
-- whose offer_id alone made it read every reaction of the offer and keep the person's: tens of
-- thousands for the most reacted offer at a million. With the person in it, either index finds the
-- one row; deleting an offer still walks it by offer_id.
DROP INDEX IF EXISTS "reactions_offer_idx";
--> statement-breakpoint
CREATE INDEX "reactions_offer_idx" ON "reactions" USING btree ("offer_id","user_id");
