DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq" DESC NULLS LAST);