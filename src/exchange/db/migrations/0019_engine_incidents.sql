CREATE TABLE "engine_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"done_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"cause" text NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "book_versions" ADD COLUMN "flow_sent_at" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "position_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_key" ON "incidents" USING btree ("kind","subject") WHERE "incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "incidents_at_idx" ON "incidents" USING btree ("last_at");