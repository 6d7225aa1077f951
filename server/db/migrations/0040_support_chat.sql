CREATE TABLE "support_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"guest_token_hash" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"taken_by" text,
	"taken_by_name" text,
	"taken_at" timestamp with time zone,
	"cart_id" uuid,
	"city_id" smallint DEFAULT 1 NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_conversations_owner_check" CHECK (("support_conversations"."user_id" is null) <> ("support_conversations"."guest_token_hash" is null)),
	CONSTRAINT "support_conversations_status_check" CHECK ("support_conversations"."status" in ('waiting', 'taken', 'closed')),
	CONSTRAINT "support_conversations_taken_check" CHECK (("support_conversations"."status" = 'taken') = ("support_conversations"."taken_by" is not null) or "support_conversations"."status" = 'closed')
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author" text NOT NULL,
	"author_id" text,
	"text" text DEFAULT '' NOT NULL,
	"attachment_id" text,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq"),
	CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."author" in ('shopper', 'operator', 'system')),
	CONSTRAINT "support_messages_content_check" CHECK ("support_messages"."text" <> '' or "support_messages"."attachment_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_open_user_idx" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."status" <> 'closed' and "support_conversations"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_open_guest_idx" ON "support_conversations" USING btree ("guest_token_hash") WHERE "support_conversations"."status" <> 'closed' and "support_conversations"."guest_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "support_conversations_user_idx" ON "support_conversations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_conversations_guest_idx" ON "support_conversations" USING btree ("guest_token_hash","created_at");--> statement-breakpoint
CREATE INDEX "support_conversations_queue_idx" ON "support_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_client_idx" ON "support_messages" USING btree ("conversation_id","client_id");