CREATE TABLE "tradein_devices" (
	"kind" text PRIMARY KEY NOT NULL,
	"title_ru" text NOT NULL,
	"title_kk" text NOT NULL,
	"position" integer NOT NULL,
	"credit_working" integer NOT NULL,
	"credit_damaged" integer NOT NULL,
	CONSTRAINT "tradein_devices_credit_check" CHECK ("tradein_devices"."credit_damaged" >= 0 and "tradein_devices"."credit_working" >= "tradein_devices"."credit_damaged")
);
--> statement-breakpoint
CREATE TABLE "tradein_offers" (
	"category_slug" text NOT NULL,
	"device_kind" text NOT NULL,
	CONSTRAINT "tradein_offers_category_slug_device_kind_pk" PRIMARY KEY("category_slug","device_kind")
);
--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "accepts_tradein" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "tradeins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_method_rules" ADD COLUMN "allows_tradein" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tradein_offers" ADD CONSTRAINT "tradein_offers_device_kind_tradein_devices_kind_fk" FOREIGN KEY ("device_kind") REFERENCES "public"."tradein_devices"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The old devices the shops take and their credits (tenge): working, and damaged (taken for parts).
INSERT INTO "tradein_devices" ("kind", "title_ru", "title_kk", "position", "credit_working", "credit_damaged") VALUES
  ('smartphone', 'Смартфон', 'Смартфон', 1, 45000, 12000),
  ('tablet', 'Планшет', 'Планшет', 2, 35000, 9000),
  ('laptop', 'Ноутбук', 'Ноутбук', 3, 70000, 18000),
  ('smart_watch', 'Смарт-часы', 'Смарт-сағат', 4, 15000, 3000),
  ('tv', 'Телевизор', 'Теледидар', 5, 50000, 12000),
  ('washing_machine', 'Стиральная машина', 'Кір жуғыш машина', 6, 25000, 6000)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Which new products take which old devices: by category slug, the category and everything under it.
INSERT INTO "tradein_offers" ("category_slug", "device_kind") VALUES
  ('smartfony', 'smartphone'),
  ('smartfony', 'tablet'),
  ('smartfony', 'smart_watch'),
  ('planshety', 'tablet'),
  ('planshety', 'smartphone'),
  ('noutbuki', 'laptop'),
  ('noutbuki', 'tablet'),
  ('smart-chasy', 'smart_watch'),
  ('televizory', 'tv'),
  ('stiralnye-mashiny', 'washing_machine')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A catalogue seeded before trade-in: the first three shops of each city but Aktobe take old devices,
-- as the seed marks them (server/seed/cities.ts).
UPDATE "service_points" sp SET "accepts_tradein" = true
FROM (SELECT id, row_number() OVER (PARTITION BY city_id ORDER BY id) AS n FROM "service_points" WHERE type = 'shop') s
WHERE sp.id = s.id AND s.n <= 3 AND sp.city_id <> 4;
--> statement-breakpoint
-- A trade-in order is paid ahead by card or QR (see server/modules/checkout/payment-methods.ts).
UPDATE "payment_method_rules" SET "allows_tradein" = false
WHERE "code" IN ('cash_payment', 'cashless_payment', 'loan/installment', 'loan/installment_initial_payment', 'airba_pay_credit');
