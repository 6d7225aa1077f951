CREATE TABLE "device_mutations" (
	"device_id" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
