CREATE TABLE "realized_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realized_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position_id" bigint NOT NULL,
	"copy_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"realized_pnl" numeric(36, 18) NOT NULL,
	"fees" numeric(36, 18) NOT NULL,
	"funding" numeric(36, 18) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realized_entries" ADD CONSTRAINT "realized_entries_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realized_entries_user_idx" ON "realized_entries" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "realized_entries_copy_idx" ON "realized_entries" USING btree ("copy_id","at");--> statement-breakpoint
-- Copied positions before the entries: one row with each position's totals, at its close (or its opening when open:
-- the time of an earlier partial close was not kept).
INSERT INTO "realized_entries" ("position_id", "copy_id", "user_id", "at", "realized_pnl", "fees", "funding")
  SELECT "id", "copy_id", "user_id", coalesce("closed_at", "opened_at"), "realized_pnl", "fees", "funding"
  FROM "positions" WHERE "copy_id" IS NOT NULL;
