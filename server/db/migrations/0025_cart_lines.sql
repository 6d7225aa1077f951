CREATE TABLE "preorder_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"phone" text NOT NULL,
	"user_id" text,
	"city_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "preorder_terms" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"expected_date" date NOT NULL,
	"prepayment_percent" integer NOT NULL,
	"max_quantity" integer DEFAULT 2 NOT NULL,
	CONSTRAINT "preorder_terms_prepayment_check" CHECK ("preorder_terms"."prepayment_percent" between 1 and 100),
	CONSTRAINT "preorder_terms_quantity_check" CHECK ("preorder_terms"."max_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_deliverables" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"unit" integer NOT NULL,
	"kind" text NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"code" text NOT NULL,
	"amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_deliverables_order_id_position_unit_pk" PRIMARY KEY("order_id","position","unit"),
	CONSTRAINT "order_deliverables_unit_check" CHECK ("order_deliverables"."unit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "promotion_registrations" (
	"order_id" uuid NOT NULL,
	"promotion_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_registrations_order_id_promotion_id_pk" PRIMARY KEY("order_id","promotion_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_preorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "preorder_callbacks" ADD CONSTRAINT "preorder_callbacks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorder_terms" ADD CONSTRAINT "preorder_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliverables" ADD CONSTRAINT "order_deliverables_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_registrations" ADD CONSTRAINT "promotion_registrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preorder_callbacks_product_phone_idx" ON "preorder_callbacks" USING btree ("product_id","phone");--> statement-breakpoint
CREATE INDEX "preorder_callbacks_waiting_idx" ON "preorder_callbacks" USING btree ("product_id") WHERE "preorder_callbacks"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "order_deliverables_code_idx" ON "order_deliverables" USING btree ("code");