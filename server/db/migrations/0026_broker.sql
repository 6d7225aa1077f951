CREATE TABLE "agreement_signs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"specification_code" text NOT NULL,
	"version" integer NOT NULL,
	"agreements" text[] NOT NULL,
	"phone" text NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts_left" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_signs_attempts_check" CHECK ("agreement_signs"."attempts_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agreement_specifications" (
	"code" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"title" jsonb NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"agreements" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"verification_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"loan_length" integer NOT NULL,
	"loan_amount" integer NOT NULL,
	"initial_payment" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"signed_offer_id" uuid,
	"signed_bic" text,
	"contract_number" text,
	"lang" text NOT NULL,
	"approved_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broker_applications_verification_id_unique" UNIQUE("verification_id")
);
--> statement-breakpoint
CREATE TABLE "broker_bank_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"bic" text NOT NULL,
	"product_type" text NOT NULL,
	"schedule" text NOT NULL,
	"loan_lengths" integer[] NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"min_amount" integer NOT NULL,
	"max_amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_banks" (
	"bic" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"logo_color" text NOT NULL,
	"logo_text" text NOT NULL,
	"needs_statement" boolean DEFAULT false NOT NULL,
	"priority" integer NOT NULL,
	"scoring_seconds" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_callback_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"reference_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_broker_applications" (
	"reference_id" uuid PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"product_type" text NOT NULL,
	"loan_length" integer NOT NULL,
	"applicant" jsonb NOT NULL,
	"statement_bics" text[] NOT NULL,
	"partner_bics" text[] NOT NULL,
	"return_url" text NOT NULL,
	"callback_url" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"signed_offer_id" uuid,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statement_banks" (
	"id" integer PRIMARY KEY NOT NULL,
	"bic" text NOT NULL,
	"title" text NOT NULL,
	"logo_color" text NOT NULL,
	"logo_text" text NOT NULL,
	CONSTRAINT "statement_banks_bic_unique" UNIQUE("bic")
);
--> statement-breakpoint
ALTER TABLE "broker_applications" ADD CONSTRAINT "broker_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_bank_products" ADD CONSTRAINT "broker_bank_products_bic_broker_banks_bic_fk" FOREIGN KEY ("bic") REFERENCES "public"."broker_banks"("bic") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_signs_user_idx" ON "agreement_signs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "broker_applications_order_idx" ON "broker_applications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "broker_bank_products_bic_idx" ON "broker_bank_products" USING btree ("bic");--> statement-breakpoint
-- hand-written
-- The fourteen partner banks (purchase flow 9) with their products, the statement banks handbook,
-- the broker agreement, and financing switched on now that the broker takes orders.
INSERT INTO "broker_banks" ("bic", "title", "logo_color", "logo_text", "needs_statement", "priority", "scoring_seconds") VALUES
  ('EURIKZKA', 'Евразийский банк', '#c8102e', 'EUB', false, 1, 4),
  ('HCSKKZKA', 'Home Credit Bank', '#e30613', 'HC', false, 2, 3),
  ('HSBKKZKX', 'Halyk Bank', '#00805f', 'HB', false, 3, 5),
  ('ALFAKZKA', 'Альфа-Банк', '#ef3124', 'A', false, 4, 6),
  ('ATYNKZKA', 'Altyn Bank', '#b8860b', 'AB', true, 5, null),
  ('SABRKZKA', 'Bereke (Сбер)', '#21a038', 'SB', false, 6, 7),
  ('KINCKZKA', 'Bank RBK', '#00529b', 'RBK', true, 7, 8),
  ('TSESKZKA', 'Jysan Bank', '#f58220', 'JB', false, 8, 6),
  ('KSNVKZKA', 'Freedom Finance', '#3aaa35', 'FF', false, 9, 5),
  ('AIRBKZKA', 'Airba Pay', '#5b2be0', 'AP', false, 10, 4),
  ('IRTYKZKA', 'ForteBank', '#a6236b', 'FB', false, 11, 9),
  ('CASPKZKA', 'Kaspi Bank', '#f14635', 'K', false, 12, 3),
  ('FRBKKZKA', 'Freedom Bank', '#2e7d32', 'FRB', true, 13, 10),
  ('KCJBKZKX', 'Банк ЦентрКредит', '#005eb8', 'BCC', false, 14, 8);--> statement-breakpoint
INSERT INTO "broker_bank_products" ("id", "bic", "product_type", "schedule", "loan_lengths", "rate", "min_amount", "max_amount") VALUES
  (1, 'EURIKZKA', 'installment', 'EQUAL', '{3,6,12}', 0, 30000, 1500000),
  (2, 'EURIKZKA', 'loan', 'ANNUITY', '{12,24,36}', 27.9, 50000, 3000000),
  (3, 'HCSKKZKA', 'installment', 'EQUAL', '{3,6,12}', 0, 20000, 1000000),
  (4, 'HCSKKZKA', 'loan', 'ANNUITY', '{12,24}', 34.9, 30000, 2000000),
  (5, 'HSBKKZKX', 'installment', 'EQUAL', '{3,6,12,24}', 0, 30000, 2000000),
  (6, 'HSBKKZKX', 'loan', 'ANNUITY', '{12,24,36}', 24, 50000, 5000000),
  (7, 'ALFAKZKA', 'installment', 'EQUAL', '{3,6,12}', 0, 30000, 1000000),
  (8, 'ALFAKZKA', 'loan', 'ANNUITY', '{12,24}', 26.5, 50000, 3000000),
  (9, 'ATYNKZKA', 'installment', 'EQUAL', '{6,12}', 0, 50000, 2000000),
  (10, 'SABRKZKA', 'installment', 'EQUAL', '{6,12,24}', 0, 30000, 2000000),
  (11, 'SABRKZKA', 'loan', 'ANNUITY', '{12,24,36}', 23.9, 50000, 5000000),
  (12, 'KINCKZKA', 'loan', 'EQUAL', '{12,24,36}', 25, 100000, 5000000),
  (13, 'TSESKZKA', 'installment', 'EQUAL', '{3,6,12}', 0, 30000, 1500000),
  (14, 'TSESKZKA', 'loan', 'ANNUITY', '{12,24}', 28, 50000, 3000000),
  (15, 'KSNVKZKA', 'installment', 'EQUAL', '{3,6,12}', 0, 30000, 2000000),
  (16, 'AIRBKZKA', 'installment', 'EQUAL', '{3,6}', 0, 10000, 1000000),
  (17, 'IRTYKZKA', 'installment', 'EQUAL', '{3,6,12,24}', 0, 30000, 2000000),
  (18, 'IRTYKZKA', 'loan', 'ANNUITY', '{12,24,36}', 18.9, 50000, 5000000),
  (19, 'CASPKZKA', 'installment', 'EQUAL', '{3,6,12,24}', 0, 3000, 2000000),
  (20, 'CASPKZKA', 'loan', 'ANNUITY', '{12,24,36}', 29.9, 30000, 3000000),
  (21, 'FRBKKZKA', 'installment', 'EQUAL', '{12,24}', 0, 100000, 2000000),
  (22, 'FRBKKZKA', 'loan', 'ANNUITY', '{12,24,36}', 27.5, 100000, 5000000),
  (23, 'KCJBKZKX', 'installment', 'EQUAL', '{3,6,12}', 0, 30000, 1500000),
  (24, 'KCJBKZKX', 'loan', 'ANNUITY', '{12,24,36}', 24.5, 50000, 5000000);--> statement-breakpoint
INSERT INTO "statement_banks" ("id", "bic", "title", "logo_color", "logo_text") VALUES
  (1, 'CASPKZKA', 'Kaspi Bank', '#f14635', 'K'),
  (2, 'HSBKKZKX', 'Halyk Bank', '#00805f', 'HB'),
  (3, 'KCJBKZKX', 'Банк ЦентрКредит', '#005eb8', 'BCC'),
  (4, 'IRTYKZKA', 'ForteBank', '#a6236b', 'FB'),
  (5, 'TSESKZKA', 'Jysan Bank', '#f58220', 'JB');--> statement-breakpoint
INSERT INTO "agreement_specifications" ("code", "version", "title", "paragraphs", "agreements") VALUES
  ('online_broker', 1, '{"ru": "Согласие на обработку данных и запрос в банки", "kk": "Деректерді өңдеуге және банктерге сұрау салуға келісім"}'::jsonb, '{"ru": ["Я поручаю кредитному брокеру передать мою заявку на рассрочку или кредит банкам-партнёрам магазина и получить их решения.", "Я соглашаюсь на получение банками сведений обо мне из кредитного бюро и государственных баз данных для оценки заявки.", "Согласие подписывается кодом из SMS, отправленным на номер моей учётной записи."], "kk": ["Мен несие брокеріне бөліп төлеуге немесе несиеге өтінімімді дүкеннің серіктес банктеріне беруді және олардың шешімдерін алуды тапсырамын.", "Өтінімді бағалау үшін банктердің мен туралы мәліметтерді кредиттік бюродан және мемлекеттік дерекқорлардан алуына келісемін.", "Келісімге менің есептік жазбамның нөміріне жіберілген SMS кодымен қол қойылады."]}'::jsonb, '[{"code": "personal_data", "required": true, "title": {"ru": "Согласен на сбор и обработку персональных данных", "kk": "Дербес деректерді жинауға және өңдеуге келісемін"}}, {"code": "credit_bureau", "required": true, "title": {"ru": "Согласен на запрос в кредитное бюро", "kk": "Кредиттік бюроға сұрау салуға келісемін"}}, {"code": "marketing", "required": false, "title": {"ru": "Согласен получать предложения банков", "kk": "Банктердің ұсыныстарын алуға келісемін"}}]'::jsonb);--> statement-breakpoint
UPDATE "payment_method_rules" SET "is_active" = true WHERE "code" IN ('loan/installment', 'loan/installment_initial_payment');
