CREATE TABLE "acquirer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_ref" text NOT NULL,
	"success_url" text NOT NULL,
	"fail_url" text NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"status" text DEFAULT 'form' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"card_token" text,
	"mask" text,
	"brand" text,
	"expiry" text,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_code" text NOT NULL,
	"event_type" text NOT NULL,
	"subject" text,
	"affiliation" text NOT NULL,
	"user_id" text,
	"session_id" text,
	"payload" jsonb NOT NULL,
	"client_created_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"city_id" integer NOT NULL,
	"street" text NOT NULL,
	"house" text NOT NULL,
	"floor" text,
	"apartment" text,
	"comment" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_levels" (
	"code" text PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	"threshold" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid,
	"amount" integer NOT NULL,
	"available_from" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"acquirer_session" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"return_url" text NOT NULL,
	"fail_url" text NOT NULL,
	"card_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feature_flag_variants" (
	"flag_id" integer NOT NULL,
	"id" integer NOT NULL,
	"key" text NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "feature_flag_variants_flag_id_id_pk" PRIMARY KEY("flag_id","id"),
	CONSTRAINT "feature_flag_variants_weight_check" CHECK ("feature_flag_variants"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "feature_flags_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"uri" text,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "order_items_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" text,
	"city_id" integer NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"delivery_type" text NOT NULL,
	"payment_method" text,
	"is_organization" boolean DEFAULT false NOT NULL,
	"receiver" jsonb,
	"address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"mask" text NOT NULL,
	"brand" text NOT NULL,
	"expiry" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"campaign" text NOT NULL,
	"user_id" text,
	"phone" text,
	"discount" integer NOT NULL,
	"discount_type" text NOT NULL,
	"min_order_sum" integer DEFAULT 0 NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_owner_check" CHECK ("promo_codes"."user_id" is not null or "promo_codes"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "receivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"is_organization" boolean DEFAULT false NOT NULL,
	"org_name" text,
	"org_bin" text,
	"org_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivers_organization_check" CHECK (not "receivers"."is_organization" or ("receivers"."org_name" is not null and "receivers"."org_bin" is not null))
);
--> statement-breakpoint
ALTER TABLE "feature_flag_variants" ADD CONSTRAINT "feature_flag_variants_flag_id_feature_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."feature_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_events_code_idx" ON "action_events" USING btree ("action_code","received_at");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "bonus_transactions_user_idx" ON "bonus_transactions" USING btree ("user_id","available_from");--> statement-breakpoint
CREATE INDEX "card_bindings_user_idx" ON "card_bindings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_cards_user_idx" ON "payment_cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_token_idx" ON "payment_cards" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_one_default_idx" ON "payment_cards" USING btree ("user_id") WHERE "payment_cards"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_campaign_user_idx" ON "promo_codes" USING btree ("campaign","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_campaign_phone_idx" ON "promo_codes" USING btree ("campaign","phone");--> statement-breakpoint
CREATE INDEX "promo_codes_ip_idx" ON "promo_codes" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "receivers_user_idx" ON "receivers" USING btree ("user_id","created_at");