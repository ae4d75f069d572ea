CREATE TABLE "funding_intervals" (
	"pair_code" text NOT NULL,
	"funding_time" timestamp with time zone NOT NULL,
	"premium_sum" numeric(36, 18) DEFAULT '0' NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"sampled_at" timestamp with time zone,
	"rate" numeric(36, 18),
	"mark" numeric(36, 18),
	"paid_at" timestamp with time zone,
	CONSTRAINT "funding_intervals_pair_code_funding_time_pk" PRIMARY KEY("pair_code","funding_time"),
	CONSTRAINT "funding_intervals_paid_check" CHECK (("funding_intervals"."rate" is null) = ("funding_intervals"."mark" is null) and ("funding_intervals"."rate" is null) = ("funding_intervals"."paid_at" is null)),
	CONSTRAINT "funding_intervals_samples_check" CHECK ("funding_intervals"."samples" >= 0)
);
