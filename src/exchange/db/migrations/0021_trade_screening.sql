CREATE TABLE "user_devices" (
	"user_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "self_trade_blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "self_trade_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"taker_user_id" bigint NOT NULL,
	"maker_user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"biz" text NOT NULL,
	"pair_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_device_flags" (
	"user_low" bigint NOT NULL,
	"user_high" bigint NOT NULL,
	"device_id" text NOT NULL,
	"fills" integer DEFAULT 1 NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"last_fill_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shared_device_flags_user_low_user_high_pk" PRIMARY KEY("user_low","user_high"),
	CONSTRAINT "shared_device_flags_order_check" CHECK ("shared_device_flags"."user_low" < "shared_device_flags"."user_high")
);
--> statement-breakpoint
ALTER TABLE "leader_stats" ADD COLUMN "weighted_win_rate" numeric(20, 10) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "leader_stats" ADD COLUMN "trades" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "counterparty_user_id" bigint;--> statement-breakpoint
-- Fills written before: the other side of each match between two users is its fill of the same trade id.
UPDATE "fills" AS f SET "counterparty_user_id" = g."user_id" FROM "fills" AS g WHERE g."trade_id" = f."trade_id" AND g."id" <> f."id";--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_trade_blocks" ADD CONSTRAINT "self_trade_blocks_taker_user_id_users_id_fk" FOREIGN KEY ("taker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_trade_blocks" ADD CONSTRAINT "self_trade_blocks_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_trade_blocks" ADD CONSTRAINT "self_trade_blocks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_device_flags" ADD CONSTRAINT "shared_device_flags_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_device_flags" ADD CONSTRAINT "shared_device_flags_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_devices_device_idx" ON "user_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "self_trade_blocks_taker_idx" ON "self_trade_blocks" USING btree ("taker_user_id");--> statement-breakpoint
CREATE INDEX "self_trade_blocks_maker_idx" ON "self_trade_blocks" USING btree ("maker_user_id");--> statement-breakpoint
CREATE INDEX "shared_device_flags_high_idx" ON "shared_device_flags" USING btree ("user_high");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "users_invited_by_idx" ON "users" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "fills_user_counterparty_idx" ON "fills" USING btree ("user_id","counterparty_user_id") WHERE "fills"."counterparty_user_id" is not null;--> statement-breakpoint
ALTER TABLE "leader_daily" DROP COLUMN "trades";--> statement-breakpoint
ALTER TABLE "leader_daily" DROP COLUMN "wins";