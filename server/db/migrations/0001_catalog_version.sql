CREATE SEQUENCE "public"."catalog_stock_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "catalog_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_stock_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_stock_version');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "product_prices_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_prices" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "categories_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "category_filters_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_filters" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "brands_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "images_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "images" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "service_points_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_points" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "stocks_catalog_stock_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stocks" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_stock_version_bump"();
