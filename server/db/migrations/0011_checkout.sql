CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_reservations" (
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"service_point_id" integer NOT NULL,
	"condition" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_reservations_order_id_product_id_service_point_id_condition_pk" PRIMARY KEY("order_id","product_id","service_point_id","condition"),
	CONSTRAINT "order_reservations_quantity_check" CHECK ("order_reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_method_rules" (
	"code" text PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"position" integer NOT NULL,
	"min_sum" integer DEFAULT 0 NOT NULL,
	"max_sum" integer,
	"delivery_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"city_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"buyer" text DEFAULT 'any' NOT NULL,
	"requires_user" boolean DEFAULT false NOT NULL,
	"on_receipt" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"redirect_url" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"card_mask" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "qr_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"callback_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acquirer_sessions" ADD COLUMN "kind" text DEFAULT 'binding' NOT NULL;--> statement-breakpoint
ALTER TABLE "acquirer_sessions" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "acquirer_sessions" ADD COLUMN "callback_url" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'product' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "calculation" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "spent" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_mask" text;--> statement-breakpoint
ALTER TABLE "order_reservations" ADD CONSTRAINT "order_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_idx" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_reserved_until_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."reserved_until" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_unique" UNIQUE("cart_id");