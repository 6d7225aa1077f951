CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"from_status" text,
	"actor" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_transitions" (
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"shipping_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"after_seconds" integer,
	CONSTRAINT "order_status_transitions_from_status_to_status_actor_pk" PRIMARY KEY("from_status","to_status","actor")
);
--> statement-breakpoint
CREATE TABLE "provider_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"merchant_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_refunds_ref_key" UNIQUE("provider","merchant_ref")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "provider_refunds_provider_session_id_index" ON "provider_refunds" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."payment_status" = 'refund_due';--> statement-breakpoint
-- hand-written: the moves of an order (the shop edits these rows, not code). The warehouse's moves
-- (`fulfilment`) carry how long it takes; shipping types narrow a move to pickup or to delivery.
INSERT INTO "order_status_transitions" ("from_status", "to_status", "actor", "shipping_types", "after_seconds") VALUES
  ('PAYMENT_PENDING', 'PROCESSING', 'payment', '{}', NULL),
  ('PAYMENT_PENDING', 'CANCELLED', 'system', '{}', NULL),
  ('PAYMENT_PENDING', 'CANCELLED', 'shopper', '{}', NULL),
  ('PAYMENT_PENDING', 'CANCELLED', 'operator', '{}', NULL),
  ('NEW', 'ASSEMBLING', 'fulfilment', '{}', 120),
  ('NEW', 'ASSEMBLING', 'operator', '{}', NULL),
  ('PROCESSING', 'ASSEMBLING', 'fulfilment', '{}', 120),
  ('PROCESSING', 'ASSEMBLING', 'operator', '{}', NULL),
  ('ASSEMBLING', 'READY_FOR_PICKUP', 'fulfilment', '{PICKUP,SHOP,STORE}', 600),
  ('ASSEMBLING', 'READY_FOR_PICKUP', 'operator', '{PICKUP,SHOP,STORE}', NULL),
  ('ASSEMBLING', 'DELIVERING', 'fulfilment', '{COURIER_DELIVERY,EXPRESS_DELIVERY,FAST_DELIVERY,COURIER,EXPRESS}', 900),
  ('ASSEMBLING', 'DELIVERING', 'operator', '{COURIER_DELIVERY,EXPRESS_DELIVERY,FAST_DELIVERY,COURIER,EXPRESS}', NULL),
  ('DELIVERING', 'COMPLETED', 'fulfilment', '{}', 3600),
  ('DELIVERING', 'COMPLETED', 'operator', '{}', NULL),
  ('READY_FOR_PICKUP', 'COMPLETED', 'operator', '{}', NULL),
  ('NEW', 'CANCELLED', 'shopper', '{}', NULL),
  ('NEW', 'CANCELLED', 'operator', '{}', NULL),
  ('PROCESSING', 'CANCELLED', 'shopper', '{}', NULL),
  ('PROCESSING', 'CANCELLED', 'operator', '{}', NULL),
  ('ASSEMBLING', 'CANCELLED', 'shopper', '{}', NULL),
  ('ASSEMBLING', 'CANCELLED', 'operator', '{}', NULL),
  ('READY_FOR_PICKUP', 'CANCELLED', 'shopper', '{}', NULL),
  ('READY_FOR_PICKUP', 'CANCELLED', 'operator', '{}', NULL),
  ('DELIVERING', 'CANCELLED', 'operator', '{}', NULL),
  ('COMPLETED', 'REFUNDED', 'operator', '{}', NULL);--> statement-breakpoint
-- Every status an order takes is recorded, whoever writes it; a move no row allows is refused. The
-- writing transaction names its actor (and an operator's note) with set_config(…, true); an order's
-- creation is the shopper's, a move nobody named is the store's own (`system`).
CREATE FUNCTION "order_status_log"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_actor text := nullif(current_setting('storefront.order_actor', true), '');
  v_note text := nullif(current_setting('storefront.order_note', true), '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "order_events" ("order_id", "status", "from_status", "actor", "note", "at")
    VALUES (NEW."id", NEW."status", NULL, coalesce(v_actor, 'shopper'), v_note, NEW."created_at");
    RETURN NULL;
  END IF;
  IF NEW."status" IS NOT DISTINCT FROM OLD."status" THEN
    RETURN NULL;
  END IF;
  v_actor := coalesce(v_actor, 'system');
  IF NOT EXISTS (SELECT 1 FROM "order_status_transitions" t
                 WHERE t."from_status" = OLD."status" AND t."to_status" = NEW."status" AND t."actor" = v_actor) THEN
    RAISE EXCEPTION 'order %: % may not move it from % to %', NEW."id", v_actor, OLD."status", NEW."status"
      USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO "order_events" ("order_id", "status", "from_status", "actor", "note", "at")
  VALUES (NEW."id", NEW."status", OLD."status", v_actor, v_note, clock_timestamp());
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_status_log" AFTER INSERT OR UPDATE OF "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_status_log"();--> statement-breakpoint
-- Orders placed before this migration start their timeline with the status they have.
INSERT INTO "order_events" ("order_id", "status", "from_status", "actor", "at")
SELECT "id", "status", NULL, 'system', "created_at" FROM "orders";
