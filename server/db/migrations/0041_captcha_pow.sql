CREATE TABLE "captcha_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"hmac_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captcha_keys_one_check" CHECK ("captcha_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "captcha_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "captcha_tokens" CASCADE;--> statement-breakpoint
CREATE INDEX "captcha_solutions_expires_idx" ON "captcha_solutions" USING btree ("expires_at");