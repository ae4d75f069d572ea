CREATE TABLE "candles" (
	"pair_code" text NOT NULL,
	"interval" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" numeric(36, 18) NOT NULL,
	"high" numeric(36, 18) NOT NULL,
	"low" numeric(36, 18) NOT NULL,
	"close" numeric(36, 18) NOT NULL,
	"volume" numeric(36, 18) NOT NULL,
	CONSTRAINT "candles_pair_code_interval_time_pk" PRIMARY KEY("pair_code","interval","time"),
	CONSTRAINT "candles_interval_check" CHECK ("candles"."interval" in ('1m', '1h'))
);
--> statement-breakpoint
CREATE TABLE "market_state" (
	"id" text PRIMARY KEY NOT NULL,
	"seed" numeric(20, 0) NOT NULL,
	"last_minute" timestamp with time zone NOT NULL,
	"last_prices" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_wallets" (
	"leader_id" bigint PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "copies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"follower_id" bigint NOT NULL,
	"leader_id" bigint NOT NULL,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"fixed_amount" numeric(36, 18),
	"ratio" numeric(20, 10),
	"investment" numeric(36, 18) NOT NULL,
	"balance" numeric(36, 18) DEFAULT '0' NOT NULL,
	"max_per_order" numeric(36, 18),
	"leverage_mode" text NOT NULL,
	"fixed_leverage" smallint,
	"take_profit_ratio" numeric(20, 10),
	"stop_loss_ratio" numeric(20, 10),
	"copy_stop_loss_ratio" numeric(20, 10),
	"high_water_mark" numeric(36, 18) DEFAULT '0' NOT NULL,
	"profit_share_paid" numeric(36, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "copies_balance_check" CHECK ("copies"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leader_daily" (
	"leader_id" bigint NOT NULL,
	"day" date NOT NULL,
	"equity_start" numeric(36, 18) NOT NULL,
	"equity_end" numeric(36, 18) NOT NULL,
	"pnl" numeric(36, 18) NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leader_daily_leader_id_day_pk" PRIMARY KEY("leader_id","day")
);
--> statement-breakpoint
CREATE TABLE "leader_events" (
	"id" text PRIMARY KEY NOT NULL,
	"leader_id" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"pair_code" text NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"size" numeric(36, 18) NOT NULL,
	"copied" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leader_stats" (
	"leader_id" bigint NOT NULL,
	"period" text NOT NULL,
	"roi" numeric(20, 10) NOT NULL,
	"pnl" numeric(36, 18) NOT NULL,
	"win_rate" numeric(20, 10) NOT NULL,
	"max_drawdown" numeric(20, 10) NOT NULL,
	"sharpe" numeric(20, 10) NOT NULL,
	"trades_per_week" numeric(20, 10) NOT NULL,
	"avg_holding_minutes" numeric(20, 10) NOT NULL,
	"preferred_coins" jsonb NOT NULL,
	"aum" numeric(36, 18) NOT NULL,
	"followers" integer NOT NULL,
	"copiers" integer NOT NULL,
	"copier_pnl" numeric(36, 18) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leader_stats_leader_id_period_pk" PRIMARY KEY("leader_id","period")
);
--> statement-breakpoint
CREATE TABLE "leader_votes" (
	"user_id" bigint NOT NULL,
	"leader_id" bigint NOT NULL,
	"vote" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leader_votes_user_id_leader_id_pk" PRIMARY KEY("user_id","leader_id"),
	CONSTRAINT "leader_votes_vote_check" CHECK ("leader_votes"."vote" in (1, -1))
);
--> statement-breakpoint
CREATE TABLE "leader_watches" (
	"user_id" bigint NOT NULL,
	"leader_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leader_watches_user_id_leader_id_pk" PRIMARY KEY("user_id","leader_id")
);
--> statement-breakpoint
CREATE TABLE "leaders" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"biz" text NOT NULL,
	"kind" text DEFAULT 'trader' NOT NULL,
	"strategy" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text,
	"bio" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"profit_share_rate" numeric(20, 10) NOT NULL,
	"max_followers" integer NOT NULL,
	"min_copy_amount" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"instruments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "leaders_rate_check" CHECK ("leaders"."profit_share_rate" >= 0 and "leaders"."profit_share_rate" <= 0.3),
	CONSTRAINT "leaders_max_followers_check" CHECK ("leaders"."max_followers" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"key" text PRIMARY KEY NOT NULL,
	"balance" numeric(36, 18) DEFAULT '0' NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ledger_accounts_balance_check" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"debit" text NOT NULL,
	"credit" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"kind" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transfers_amount_check" CHECK ("ledger_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"copy_id" bigint,
	"source_position_id" bigint,
	"biz" text NOT NULL,
	"pair_code" text NOT NULL,
	"side" smallint NOT NULL,
	"leverage" smallint NOT NULL,
	"size" numeric(36, 18) NOT NULL,
	"entry_price" numeric(36, 18) NOT NULL,
	"margin" numeric(36, 18) NOT NULL,
	"take_profit_price" numeric(36, 18),
	"stop_loss_price" numeric(36, 18),
	"liquidation_price" numeric(36, 18),
	"status" text NOT NULL,
	"unmanaged" boolean DEFAULT false NOT NULL,
	"closed_size" numeric(36, 18) DEFAULT '0' NOT NULL,
	"exit_price" numeric(36, 18),
	"realized_pnl" numeric(36, 18) DEFAULT '0' NOT NULL,
	"fees" numeric(36, 18) DEFAULT '0' NOT NULL,
	"funding" numeric(36, 18) DEFAULT '0' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	CONSTRAINT "positions_side_check" CHECK ("positions"."side" in (1, -1)),
	CONSTRAINT "positions_margin_check" CHECK ("positions"."margin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profit_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profit_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"copy_id" bigint NOT NULL,
	"leader_id" bigint NOT NULL,
	"follower_id" bigint NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"net_profit" numeric(36, 18) NOT NULL,
	"high_water_mark_before" numeric(36, 18) NOT NULL,
	"share" numeric(36, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skipped_copies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skipped_copies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"copy_id" bigint NOT NULL,
	"event_id" text NOT NULL,
	"pair_code" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_wallets" ADD CONSTRAINT "chain_wallets_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_daily" ADD CONSTRAINT "leader_daily_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_events" ADD CONSTRAINT "leader_events_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_stats" ADD CONSTRAINT "leader_stats_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_votes" ADD CONSTRAINT "leader_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_votes" ADD CONSTRAINT "leader_votes_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_watches" ADD CONSTRAINT "leader_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_watches" ADD CONSTRAINT "leader_watches_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaders" ADD CONSTRAINT "leaders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_copy_id_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."copies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_shares" ADD CONSTRAINT "profit_shares_copy_id_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."copies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_shares" ADD CONSTRAINT "profit_shares_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_shares" ADD CONSTRAINT "profit_shares_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipped_copies" ADD CONSTRAINT "skipped_copies_copy_id_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."copies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_wallets_address_key" ON "chain_wallets" USING btree ("chain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "copies_one_active" ON "copies" USING btree ("follower_id","leader_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "copies_leader_idx" ON "copies" USING btree ("leader_id","status");--> statement-breakpoint
CREATE INDEX "copies_follower_idx" ON "copies" USING btree ("follower_id","status");--> statement-breakpoint
CREATE INDEX "leader_events_leader_idx" ON "leader_events" USING btree ("leader_id","created_at");--> statement-breakpoint
CREATE INDEX "leaders_biz_idx" ON "leaders" USING btree ("kind","biz","status");--> statement-breakpoint
CREATE INDEX "positions_user_idx" ON "positions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "positions_source_idx" ON "positions" USING btree ("source_position_id");--> statement-breakpoint
CREATE INDEX "positions_copy_idx" ON "positions" USING btree ("copy_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "profit_shares_once" ON "profit_shares" USING btree ("copy_id","period_end");--> statement-breakpoint
CREATE INDEX "profit_shares_leader_idx" ON "profit_shares" USING btree ("leader_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "skipped_copies_once" ON "skipped_copies" USING btree ("copy_id","event_id");--> statement-breakpoint
-- Copies are updated on every mirrored trade (their balance only): room on each page lets
-- PostgreSQL update them in place (HOT) instead of rewriting every index.
ALTER TABLE "copies" SET (fillfactor = 70);
