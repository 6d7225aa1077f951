CREATE TABLE "catalog_import_rejections" (
	"import_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"field" text NOT NULL,
	"reason" text NOT NULL,
	"value" text,
	"held" integer
);
--> statement-breakpoint
CREATE TABLE "catalog_import_rows" (
	"import_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"sku" text NOT NULL,
	"city_id" integer,
	"price" integer,
	"old_price" integer,
	"point_id" integer,
	"condition" text,
	"stock" integer,
	"title_ru" text,
	"uri" text,
	"title_kk" text,
	"category" text,
	"brand" text,
	"model" text,
	"description_ru" text,
	"description_kk" text,
	"weight_grams" integer,
	CONSTRAINT "catalog_import_rows_import_id_row_no_pk" PRIMARY KEY("import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"content_hash" text NOT NULL,
	"bytes" integer NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"staff_id" text,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"applied_through" integer DEFAULT 0 NOT NULL,
	"last_row" integer DEFAULT 0 NOT NULL,
	"products_created" integer DEFAULT 0 NOT NULL,
	"products_updated" integer DEFAULT 0 NOT NULL,
	"prices_changed" integer DEFAULT 0 NOT NULL,
	"stocks_changed" integer DEFAULT 0 NOT NULL,
	"same_as" uuid,
	"error" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_status_check" CHECK ("catalog_imports"."status" in ('staged', 'applying', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalog_import_rejections" ADD CONSTRAINT "catalog_import_rejections_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD CONSTRAINT "catalog_import_rows_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_import_rejections_import_idx" ON "catalog_import_rejections" USING btree ("import_id","row_no");--> statement-breakpoint
CREATE INDEX "catalog_imports_hash_idx" ON "catalog_imports" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "catalog_imports_open_idx" ON "catalog_imports" USING btree ("created_at") WHERE "catalog_imports"."status" in ('staged', 'applying');