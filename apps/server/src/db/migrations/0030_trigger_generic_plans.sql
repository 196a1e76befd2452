-- The counting triggers (tallies, 0009/0025; offer stats, 0023/0028) keep one plan per session for each of
-- their statements. Their statements take the row and TG_TABLE_NAME as parameters, and PostgreSQL found a
-- plan made for the values (which drops every line of row_tallies/offer_stat_rows for another table)
-- cheaper than the generic one, so it planned them again on every row: 2 of the 3 ms an order's status
-- change took at 1M orders (0.8 ms running them). The generic plan checks those lines as it goes, for
-- microseconds. A function that redefines one of these with CREATE OR REPLACE must say this again.
ALTER FUNCTION "tally_row_change"() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION "offer_stats_row_updated"() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION "offer_stats_added"() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION "offer_stats_removed"() SET plan_cache_mode = force_generic_plan;
