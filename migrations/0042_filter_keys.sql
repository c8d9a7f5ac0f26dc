-- filter_keys: what the search's GIN index filters by beside the words (issue 35): the item's tag ids, the key of the
-- level it is listed at while discoverable (-1 - level: -1 for level 0 … -7 for level 6), and the key of its
-- maintainer while it is not unlisted (-8 - user id). Generated, so it follows visibility, level, maintainer and
-- tag_ids (which item_tags' triggers keep) without a trigger of its own. The index holds the words and these keys
-- together, so a search among tags for one viewer is one scan of it, which skips through the entries of common tags
-- instead of building a bitmap of each; tag_ids' own GIN index is no longer needed.
DROP INDEX "items_tag_ids_idx";--> statement-breakpoint
DROP INDEX "items_search_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "filter_keys" integer[] GENERATED ALWAYS AS (tag_ids || case when visibility = 50 then array[-1 - minimum_access_level] else '{}'::integer[] end || case when created_by_user_id is not null and visibility <> 40 then array[-8 - created_by_user_id] else '{}'::integer[] end) STORED;--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector","filter_keys");--> statement-breakpoint
-- A viewer's keys: the levels up to theirs, and their own key when signed in. An item the viewer may list by level or
-- as its maintainer holds one of them (access policy: listableItemsByKeys). Immutable, so a statement's constant
-- arguments give the planner the array itself to estimate with.
CREATE FUNCTION "listing_keys"("level" integer, "user_id" integer) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array(SELECT -1 - "listed_at" FROM generate_series(0, "level") AS "listed_at")
    || CASE WHEN "user_id" IS NULL THEN '{}'::integer[] ELSE array[-8 - "user_id"] END
$$;
