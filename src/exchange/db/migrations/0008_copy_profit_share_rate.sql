ALTER TABLE "copies" ADD COLUMN "profit_share_rate" numeric(20, 10);--> statement-breakpoint
-- Copies begun before the rate was kept per copy: the leader's current rate.
UPDATE "copies" SET "profit_share_rate" = "leaders"."profit_share_rate" FROM "leaders" WHERE "leaders"."user_id" = "copies"."leader_id";--> statement-breakpoint
ALTER TABLE "copies" ALTER COLUMN "profit_share_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_rate_check" CHECK ("copies"."profit_share_rate" >= 0 and "copies"."profit_share_rate" <= 0.3);