CREATE TABLE "favourites" (
	"user_id" bigint NOT NULL,
	"biz" text NOT NULL,
	"pair_code" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "favourites_user_id_biz_pair_code_pk" PRIMARY KEY("user_id","biz","pair_code")
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;