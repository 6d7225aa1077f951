-- hand-written: a statement changing the stock of more than 200 products recorded one row meaning "read
-- all stock again", and an import writes up to 2,000 products a statement: every chunk of a catalogue
-- import made each process read the stock of every product (1.7 million rows at 200,000 products), which
-- held its event loop for about a second. The cap is now prices' 5,000 (0044); the index reads the
-- changed products' stock alone up to 20,000 of them a look (index-holder.ts).
CREATE OR REPLACE FUNCTION "stock_changes_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "stock_changes" ("product_id") VALUES (NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "stock_changes" ("product_id")
      WITH d AS (SELECT DISTINCT "product_id" FROM "changed_rows" LIMIT 5001)
      SELECT "product_id" FROM d WHERE (SELECT count(*) FROM d) <= 5000
      UNION ALL SELECT NULL WHERE (SELECT count(*) FROM d) > 5000;
  ELSE
    INSERT INTO "stock_changes" ("product_id")
      WITH d AS (SELECT DISTINCT "product_id" FROM "new_rows" LIMIT 5001)
      SELECT "product_id" FROM d WHERE (SELECT count(*) FROM d) <= 5000
      UNION ALL SELECT NULL WHERE (SELECT count(*) FROM d) > 5000;
  END IF;
  RETURN NULL;
END
$$;
