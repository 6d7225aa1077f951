CREATE TABLE "order_pickup_codes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_pickup_codes_code_check" CHECK ("order_pickup_codes"."code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "order_reschedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_date" text,
	"from_slot" jsonb,
	"to_date" text NOT NULL,
	"to_slot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_warrants" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"phone" text NOT NULL,
	"iin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_warrants_iin_check" CHECK ("order_warrants"."iin" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
ALTER TABLE "order_pickup_codes" ADD CONSTRAINT "order_pickup_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reschedules" ADD CONSTRAINT "order_reschedules_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_warrants" ADD CONSTRAINT "order_warrants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_reschedules_order_idx" ON "order_reschedules" USING btree ("order_id");