-- Only product pictures are part of the catalogue index: banners, tiles and content images written
-- by other modules no longer make every server process rebuild it.
DROP TRIGGER IF EXISTS "images_catalog_version" ON "images";--> statement-breakpoint
CREATE FUNCTION "catalog_version_bump_product_images"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_images" WHERE "product_id" IS NOT NULL) THEN
    UPDATE "catalog_version" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_version_bump_images_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "images_insert_catalog_version" AFTER INSERT ON "images" REFERENCING NEW TABLE AS "changed_images" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump_product_images"();--> statement-breakpoint
CREATE TRIGGER "images_update_catalog_version" AFTER UPDATE ON "images" REFERENCING NEW TABLE AS "changed_images" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump_product_images"();--> statement-breakpoint
CREATE TRIGGER "images_delete_catalog_version" AFTER DELETE ON "images" REFERENCING OLD TABLE AS "changed_images" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump_product_images"();--> statement-breakpoint
CREATE TRIGGER "images_truncate_catalog_version" AFTER TRUNCATE ON "images" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump_images_truncate"();
