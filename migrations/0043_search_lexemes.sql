CREATE TABLE "search_lexemes" (
	"lexeme" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_lexemes_lexeme_idx" ON "search_lexemes" USING btree (("lexeme" collate "C"));--> statement-breakpoint
-- An item's lexemes, in order, so two statements adding the same new lexemes wait for each other in one order; for
-- each row, as title_words (0041). On update only when the search vector changed: view counts, tags and batch edits
-- write nothing here.
CREATE FUNCTION "item_add_search_lexemes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexemes" ("lexeme")
  SELECT "lexeme" FROM unnest(tsvector_to_array(NEW."search_vector")) AS "lexeme"
  ORDER BY "lexeme" COLLATE "C"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_search_lexemes_insert" AFTER INSERT ON "items" FOR EACH ROW EXECUTE FUNCTION "item_add_search_lexemes"();--> statement-breakpoint
CREATE TRIGGER "items_search_lexemes_update" AFTER UPDATE OF "title", "topic", "blurb" ON "items" FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector") EXECUTE FUNCTION "item_add_search_lexemes"();--> statement-breakpoint
INSERT INTO "search_lexemes" ("lexeme") SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "items" ON CONFLICT DO NOTHING;
