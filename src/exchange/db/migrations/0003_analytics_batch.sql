CREATE TABLE "analytics_batch_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"distinct_id" text NOT NULL,
	"user_id" text,
	"siteid" text NOT NULL,
	"request_source" text NOT NULL,
	"page_name" text NOT NULL,
	"properties" jsonb NOT NULL,
	"client_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_drop_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_batch_events_received_idx" ON "analytics_batch_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_batch_events_distinct_idx" ON "analytics_batch_events" USING btree ("distinct_id");