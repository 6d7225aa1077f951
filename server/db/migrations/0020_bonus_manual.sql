ALTER TABLE "bonus_transactions" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "bonus_transactions" ADD CONSTRAINT "bonus_transactions_kind_check" CHECK ("bonus_transactions"."kind" in ('purchase', 'manual'));