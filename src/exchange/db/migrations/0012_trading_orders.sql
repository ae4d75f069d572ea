CREATE SEQUENCE "public"."order_priority" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."trade_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "book_versions" (
	"biz" text NOT NULL,
	"pair_code" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_versions_biz_pair_code_pk" PRIMARY KEY("biz","pair_code")
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trade_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"biz" text NOT NULL,
	"pair_code" text NOT NULL,
	"side" text NOT NULL,
	"role" text NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"size" numeric(36, 18) NOT NULL,
	"quote" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"fee_coin" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_leverage" (
	"user_id" bigint NOT NULL,
	"pair_code" text NOT NULL,
	"side" text NOT NULL,
	"leverage" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "futures_leverage_user_id_pair_code_side_pk" PRIMARY KEY("user_id","pair_code","side"),
	CONSTRAINT "futures_leverage_check" CHECK ("futures_leverage"."leverage" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"client_order_id" text NOT NULL,
	"biz" text NOT NULL,
	"pair_code" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"price" numeric(36, 18),
	"size" numeric(36, 18),
	"quote_size" numeric(36, 18),
	"trigger_price" numeric(36, 18),
	"trigger_by" text,
	"trigger_direction" text,
	"purpose" text,
	"take_profit_price" numeric(36, 18),
	"stop_loss_price" numeric(36, 18),
	"status" text NOT NULL,
	"cancel_reason" text,
	"filled" numeric(36, 18) DEFAULT '0' NOT NULL,
	"filled_quote" numeric(36, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(36, 18) DEFAULT '0' NOT NULL,
	"fee_coin" text NOT NULL,
	"frozen" numeric(36, 18) DEFAULT '0' NOT NULL,
	"frozen_coin" text NOT NULL,
	"reduce_only" boolean DEFAULT false NOT NULL,
	"leverage" integer,
	"priority" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_frozen_check" CHECK ("orders"."frozen" >= 0),
	CONSTRAINT "orders_filled_check" CHECK ("orders"."filled" >= 0 and ("orders"."size" is null or "orders"."filled" <= "orders"."size"))
);
--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_leverage" ADD CONSTRAINT "futures_leverage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fills_user_idx" ON "fills" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fills_order_idx" ON "fills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_id" ON "orders" USING btree ("user_id","client_order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_open_book_idx" ON "orders" USING btree ("biz","pair_code","priority") WHERE "orders"."status" in ('untriggered', 'new', 'partially-filled');--> statement-breakpoint
CREATE INDEX "orders_open_user_idx" ON "orders" USING btree ("user_id","biz") WHERE "orders"."status" in ('untriggered', 'new', 'partially-filled');--> statement-breakpoint
CREATE INDEX "ledger_transfers_transfer_ref_idx" ON "ledger_transfers" USING btree ("ref") WHERE "ledger_transfers"."kind" = 'transfer';