CREATE TABLE "futures_margin_modes" (
	"user_id" bigint NOT NULL,
	"pair_code" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "futures_margin_modes_user_id_pair_code_pk" PRIMARY KEY("user_id","pair_code")
);
--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "margin_mode" text DEFAULT 'isolated' NOT NULL;--> statement-breakpoint
ALTER TABLE "futures_margin_modes" ADD CONSTRAINT "futures_margin_modes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;