CREATE TABLE "configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_code" text NOT NULL,
	"user_id" text,
	"owner_token_hash" text NOT NULL,
	"name" text,
	"city_id" integer NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configurations_share_code_unique" UNIQUE("share_code")
);
--> statement-breakpoint
CREATE TABLE "pc_parts" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"socket" text,
	"sockets" text[],
	"tdp" integer,
	"integrated_graphics" boolean,
	"boxed_cooler" boolean,
	"chipset" text,
	"form_factor" text,
	"form_factors" text[],
	"memory_type" text,
	"memory_types" text[],
	"memory_slots" integer,
	"max_memory" integer,
	"m2_slots" integer,
	"sata_ports" integer,
	"modules" integer,
	"capacity" integer,
	"length" integer,
	"slot_width" integer,
	"pcie8pin" integer,
	"pcie16pin" integer,
	"max_gpu_length" integer,
	"max_cooler_height" integer,
	"psu_form_factors" text[],
	"cooler_type" text,
	"cooler_height" integer,
	"tdp_rating" integer,
	"wattage" integer,
	"storage_interface" text
);
--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pc_parts" ADD CONSTRAINT "pc_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configurations_user_idx" ON "configurations" USING btree ("user_id","updated_at" DESC NULLS LAST) WHERE "configurations"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "pc_parts_kind_idx" ON "pc_parts" USING btree ("kind","product_id");--> statement-breakpoint
-- hand-written: `pc_parts` follows the attributes of the PC categories' products. The seed and a
-- catalogue import write products in statements of thousands of rows, so the triggers are per statement
-- (one upsert over the written rows of the eight categories), not per row.
CREATE OR REPLACE FUNCTION "pc_parts_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "pc_parts" ("product_id", "kind", "socket", "sockets", "tdp", "integrated_graphics",
    "boxed_cooler", "chipset", "form_factor", "form_factors", "memory_type", "memory_types",
    "memory_slots", "max_memory", "m2_slots", "sata_ports", "modules", "capacity", "length",
    "slot_width", "pcie8pin", "pcie16pin", "max_gpu_length", "max_cooler_height", "psu_form_factors",
    "cooler_type", "cooler_height", "tdp_rating", "wattage", "storage_interface")
  SELECT p."id", k."kind",
    CASE WHEN jsonb_typeof(a->'socket') = 'string' THEN a->>'socket' END,
    CASE WHEN jsonb_typeof(a->'socket') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(a->'socket')) END,
    CASE WHEN k."kind" IN ('cpu', 'gpu') THEN ((a->>'tdp')::numeric)::int END,
    (a->>'integrated_graphics')::boolean,
    (a->>'cooler_included')::boolean,
    a->>'chipset',
    CASE WHEN jsonb_typeof(a->'form_factor') = 'string' THEN a->>'form_factor' END,
    CASE WHEN jsonb_typeof(a->'form_factor') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(a->'form_factor')) END,
    CASE WHEN jsonb_typeof(a->'memory_type') = 'string' THEN a->>'memory_type' END,
    CASE WHEN jsonb_typeof(a->'memory_type') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(a->'memory_type')) END,
    ((a->>'memory_slots')::numeric)::int,
    ((a->>'max_memory')::numeric)::int,
    ((a->>'m2_slots')::numeric)::int,
    ((a->>'sata_ports')::numeric)::int,
    ((a->>'modules')::numeric)::int,
    ((a->>'capacity')::numeric)::int,
    ((a->>'length')::numeric)::int,
    ((a->>'slot_width')::numeric)::int,
    ((a->>'pcie_8pin')::numeric)::int,
    ((a->>'pcie_16pin')::numeric)::int,
    ((a->>'max_gpu_length')::numeric)::int,
    ((a->>'max_cooler_height')::numeric)::int,
    CASE WHEN jsonb_typeof(a->'psu_form_factor') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(a->'psu_form_factor')) END,
    a->>'cooler_type',
    ((a->>'cooler_height')::numeric)::int,
    CASE WHEN k."kind" = 'cooler' THEN ((a->>'max_tdp')::numeric)::int END,
    ((a->>'wattage')::numeric)::int,
    CASE WHEN k."kind" = 'storage' THEN CASE WHEN a->>'form_factor' LIKE 'm2%' THEN 'm2' ELSE 'sata' END END
  FROM "products" p
  CROSS JOIN LATERAL (SELECT p."attributes" AS a) attrs
  JOIN "categories" c ON c."id" = p."category_id"
  JOIN (VALUES ('processory', 'cpu'), ('materinskie-platy', 'motherboard'), ('operativnaya-pamyat', 'ram'),
               ('videokarty', 'gpu'), ('nakopiteli', 'storage'), ('bloki-pitaniya', 'psu'),
               ('korpusa', 'case'), ('kulery', 'cooler')) AS k("slug", "kind") ON k."slug" = c."slug"
  WHERE p."id" = ANY(ids) AND p."type" IN ('regular', 'mto')
  ON CONFLICT ("product_id") DO UPDATE SET
    "kind" = excluded."kind", "socket" = excluded."socket", "sockets" = excluded."sockets",
    "tdp" = excluded."tdp", "integrated_graphics" = excluded."integrated_graphics",
    "boxed_cooler" = excluded."boxed_cooler", "chipset" = excluded."chipset",
    "form_factor" = excluded."form_factor", "form_factors" = excluded."form_factors",
    "memory_type" = excluded."memory_type", "memory_types" = excluded."memory_types",
    "memory_slots" = excluded."memory_slots", "max_memory" = excluded."max_memory",
    "m2_slots" = excluded."m2_slots", "sata_ports" = excluded."sata_ports", "modules" = excluded."modules",
    "capacity" = excluded."capacity", "length" = excluded."length", "slot_width" = excluded."slot_width",
    "pcie8pin" = excluded."pcie8pin", "pcie16pin" = excluded."pcie16pin",
    "max_gpu_length" = excluded."max_gpu_length", "max_cooler_height" = excluded."max_cooler_height",
    "psu_form_factors" = excluded."psu_form_factors", "cooler_type" = excluded."cooler_type",
    "cooler_height" = excluded."cooler_height", "tdp_rating" = excluded."tdp_rating",
    "wattage" = excluded."wattage", "storage_interface" = excluded."storage_interface"
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pc_parts_follow_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "pc_parts_refresh"(ARRAY(
    SELECT n."id" FROM "new_rows" n JOIN "categories" c ON c."id" = n."category_id"
    WHERE c."slug" IN ('processory', 'materinskie-platy', 'operativnaya-pamyat', 'videokarty',
                       'nakopiteli', 'bloki-pitaniya', 'korpusa', 'kulery')));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_pc_parts_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "pc_parts_follow_products"();--> statement-breakpoint
CREATE TRIGGER "products_pc_parts_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "pc_parts_follow_products"();--> statement-breakpoint
SELECT "pc_parts_refresh"(ARRAY(SELECT "id" FROM "products"));
