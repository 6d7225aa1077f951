-- hand-written
-- Cards carry the gift and kit stickers of the promotions on their products (catalogue index), so a
-- change of promotions rebuilds the index as a change of products does.
CREATE TRIGGER "promotions_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotions" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
