CREATE TABLE "stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stock_changes_xid" ON "stock_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "stock_changes_at" ON "stock_changes" USING btree ("at");--> statement-breakpoint
-- hand-written: the triggers that record which products a statement on `stocks` changed. A statement
-- writing more than 200 products (a restock, the seed; an order holds at most 100 lines) records one row
-- with no product instead: the readers then read all stock again.
CREATE FUNCTION "stock_changes_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "stock_changes" ("product_id") VALUES (NULL);
  ELSIF TG_OP = 'DELETE' THEN
    IF (SELECT count(DISTINCT "product_id") > 200 FROM "changed_rows") THEN
      INSERT INTO "stock_changes" ("product_id") VALUES (NULL);
    ELSE
      INSERT INTO "stock_changes" ("product_id") SELECT DISTINCT "product_id" FROM "changed_rows";
    END IF;
  ELSE
    IF (SELECT count(DISTINCT "product_id") > 200 FROM "new_rows") THEN
      INSERT INTO "stock_changes" ("product_id") VALUES (NULL);
    ELSE
      INSERT INTO "stock_changes" ("product_id") SELECT DISTINCT "product_id" FROM "new_rows";
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stocks_changes_insert" AFTER INSERT ON "stocks" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stock_changes_record"();--> statement-breakpoint
CREATE TRIGGER "stocks_changes_update" AFTER UPDATE ON "stocks" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stock_changes_record"();--> statement-breakpoint
CREATE TRIGGER "stocks_changes_delete" AFTER DELETE ON "stocks" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stock_changes_record"();--> statement-breakpoint
CREATE TRIGGER "stocks_changes_truncate" AFTER TRUNCATE ON "stocks" FOR EACH STATEMENT EXECUTE FUNCTION "stock_changes_record"();
