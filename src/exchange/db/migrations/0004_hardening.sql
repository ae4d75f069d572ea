CREATE TABLE "analytics_event_counts" (
	"hour" timestamp with time zone NOT NULL,
	"key_hash" text NOT NULL,
	"event" text NOT NULL,
	"request_source" text NOT NULL,
	"type" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_event_counts_hour_key_hash_pk" PRIMARY KEY("hour","key_hash")
);
--> statement-breakpoint
-- The statistics kept so far, counted the way the receiver now counts: per UTC hour and distinct fields.
-- key_hash is statisticsKey() of src/exchange/activity/statistics.ts: the fields joined by U+001F, a missing utm value as U+0002.
INSERT INTO "analytics_event_counts" ("hour", "key_hash", "event", "request_source", "type", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "count", "last_at")
SELECT date_trunc('hour', "created_at", 'UTC'),
	encode(sha256(convert_to(concat_ws(chr(31), "event", "request_source", "type", coalesce("utm_source", chr(2)), coalesce("utm_medium", chr(2)), coalesce("utm_campaign", chr(2)), coalesce("utm_term", chr(2)), coalesce("utm_content", chr(2))), 'UTF8')), 'hex'),
	"event", "request_source", "type", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", count(*)::integer, max("created_at")
FROM "analytics_events"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leaders" ADD COLUMN "nickname_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "leaders_nickname_key" ON "leaders" USING btree ("nickname_key");--> statement-breakpoint
-- A preset avatar held by more than one leader stays with its simulated owner, else with the earliest leader; the others get the default.
UPDATE "leaders" AS "l" SET "avatar" = NULL
WHERE "l"."avatar" IS NOT NULL AND EXISTS (
	SELECT 1 FROM "leaders" AS "o"
	WHERE "o"."avatar" = "l"."avatar" AND "o"."user_id" <> "l"."user_id"
		AND ("o"."simulated" > "l"."simulated" OR ("o"."simulated" = "l"."simulated" AND ("o"."created_at", "o"."user_id") < ("l"."created_at", "l"."user_id")))
);--> statement-breakpoint
CREATE UNIQUE INDEX "leaders_avatar_key" ON "leaders" USING btree ("avatar");--> statement-breakpoint
UPDATE "copies" SET "fixed_leverage" = NULL WHERE "leverage_mode" <> 'fixed' AND "fixed_leverage" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_fixed_leverage_check" CHECK ("copies"."leverage_mode" = 'fixed' or "copies"."fixed_leverage" is null);
