-- hand-written: a write to `pc_parts` (an import writes rows directly; the products triggers fill it)
-- moves the catalogue's version, so the configurator's parts held beside the catalogue index are
-- rebuilt with it, and a request never reads them older than the database.
CREATE TRIGGER "pc_parts_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pc_parts" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
