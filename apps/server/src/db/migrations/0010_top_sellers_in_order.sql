-- Top sellers in a fixed order: ties on revenue and orders are broken by the seller's id, so the first
-- n sellers are the first n entries of this index (before, every seller tied with the tenth was read:
-- thousands at a million orders, 2.4 s).
DROP INDEX "tallies_ranked_idx";--> statement-breakpoint
CREATE INDEX "tallies_ranked_idx" ON "tallies" USING btree ("topic","amount" DESC NULLS FIRST,"count" DESC NULLS FIRST,"subject");
