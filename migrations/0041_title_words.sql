CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "items_title_trgm_idx";--> statement-breakpoint
-- A title's words as title_words keeps them: the 'simple' parser's words (no stemming, no stop words), lower case.
CREATE FUNCTION "title_words_of"("title" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT unnest(tsvector_to_array(to_tsvector('simple', "title")))
$$;--> statement-breakpoint
-- An item's title words, in word order, so two statements adding the same new words wait for each other in one order;
-- for each row (a statement-level trigger's transition table cost more for the app's single-row inserts). On update
-- only when the title changed, so that view counts and batch edits write nothing here.
CREATE FUNCTION "item_add_title_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "title_words" ("word")
  SELECT DISTINCT "word" FROM "title_words_of"(NEW."title") AS "word"
  ORDER BY "word"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_title_words_insert" AFTER INSERT ON "items" FOR EACH ROW EXECUTE FUNCTION "item_add_title_words"();--> statement-breakpoint
CREATE TRIGGER "items_title_words_update" AFTER UPDATE OF "title" ON "items" FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION "item_add_title_words"();--> statement-breakpoint
INSERT INTO "title_words" ("word") SELECT DISTINCT "word" FROM "items" CROSS JOIN LATERAL "title_words_of"("items"."title") AS "word" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "title_words_trgm_idx" ON "title_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of the vocabulary close to each typed word, as a tsquery of titles (weight A): close by pg_trgm's
-- similarity (at least pg_trgm.similarity_threshold), or for the last typed word, which may be cut short, by word
-- similarity (pg_trgm.word_similarity_threshold); the closest 5 of each. `every`: each typed word by one of its close
-- words (a title close to the search), else any of them (titles loosely like it). Null when no word is close enough.
CREATE FUNCTION "close_title_words_query"("typed" text[], "every" boolean) RETURNS tsquery LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT "every" OR count(*) = cardinality("typed")
    THEN to_tsquery('english', string_agg("alternatives", CASE WHEN "every" THEN ' & ' ELSE ' | ' END)) END
  FROM (
    -- Each word quoted as tsquery input quotes a lexeme (backslash and quote escaped): a title's word may be a URL's.
    SELECT '(' || string_agg('''' || replace(replace("close"."word", '\', '\\'), '''', '''''') || ''':A', ' | ') || ')' AS "alternatives"
    FROM unnest("typed") WITH ORDINALITY AS "typed_word"("word", "position")
    CROSS JOIN LATERAL (
      SELECT "found"."word" FROM (
        SELECT "title_words"."word", similarity("typed_word"."word", "title_words"."word") AS "closeness"
        FROM "title_words" WHERE "typed_word"."word" % "title_words"."word"
        UNION ALL
        SELECT "title_words"."word", word_similarity("typed_word"."word", "title_words"."word")
        FROM "title_words" WHERE "typed_word"."position" = cardinality("typed") AND "typed_word"."word" <% "title_words"."word"
      ) AS "found"
      GROUP BY "found"."word" ORDER BY max("found"."closeness") DESC, "found"."word" LIMIT 5
    ) AS "close"
    GROUP BY "typed_word"."position"
  ) AS "per_word"
$$;
