ALTER TABLE "broker_applications" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broker_applications" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "broker_applications" ADD COLUMN "loan_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_broker_applications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_broker_applications" ADD COLUMN "loan_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_broker_applications" ADD COLUMN "cancel_reason" text;