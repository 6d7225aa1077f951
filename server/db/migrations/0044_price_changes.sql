CREATE TABLE "price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_changes_xid" ON "price_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "price_changes_at" ON "price_changes" USING btree ("at");--> statement-breakpoint
-- hand-written: a write to `product_prices` no longer moves the catalogue's version (every process rebuilt
-- its whole index for each price an import wrote); it records the products it changed in `price_changes`,
-- whose id sequence is the prices' version, and each process rewrites those products' prices in its index.
-- An import's chunk writes up to 2,000 products in one statement, so the cap past which one row with no
-- product ("read all prices again") is recorded is 5,000, not stock's 200. An update records the old
-- rows' products too: a row moved to another product leaves the first one unpriced in that city.
DROP TRIGGER "product_prices_catalog_version" ON "product_prices";--> statement-breakpoint
CREATE FUNCTION "price_changes_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "price_changes" ("product_id") VALUES (NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "price_changes" ("product_id")
      WITH d AS (SELECT DISTINCT "product_id" FROM "changed_rows" LIMIT 5001)
      SELECT "product_id" FROM d WHERE (SELECT count(*) FROM d) <= 5000
      UNION ALL SELECT NULL WHERE (SELECT count(*) FROM d) > 5000;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "price_changes" ("product_id")
      WITH d AS (
        SELECT "product_id" FROM "new_rows" UNION SELECT "product_id" FROM "changed_rows" LIMIT 5001)
      SELECT "product_id" FROM d WHERE (SELECT count(*) FROM d) <= 5000
      UNION ALL SELECT NULL WHERE (SELECT count(*) FROM d) > 5000;
  ELSE
    INSERT INTO "price_changes" ("product_id")
      WITH d AS (SELECT DISTINCT "product_id" FROM "new_rows" LIMIT 5001)
      SELECT "product_id" FROM d WHERE (SELECT count(*) FROM d) <= 5000
      UNION ALL SELECT NULL WHERE (SELECT count(*) FROM d) > 5000;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_prices_changes_insert" AFTER INSERT ON "product_prices" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "price_changes_record"();--> statement-breakpoint
CREATE TRIGGER "product_prices_changes_update" AFTER UPDATE ON "product_prices" REFERENCING OLD TABLE AS "changed_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "price_changes_record"();--> statement-breakpoint
CREATE TRIGGER "product_prices_changes_delete" AFTER DELETE ON "product_prices" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "price_changes_record"();--> statement-breakpoint
CREATE TRIGGER "product_prices_changes_truncate" AFTER TRUNCATE ON "product_prices" FOR EACH STATEMENT EXECUTE FUNCTION "price_changes_record"();
