ALTER TABLE "wishlist_items" ADD COLUMN "seen_price" integer;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "seen_in_stock" boolean;