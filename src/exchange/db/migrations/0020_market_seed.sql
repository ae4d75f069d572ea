-- The simulator's seed becomes a secret of its own table (market_seed). The numeric seed market_state kept was the
-- public constant of earlier versions: it is dropped, and such a row's null seed_fingerprint says its history followed
-- that public seed (the history is kept; the next minutes follow the secret one).
CREATE TABLE "market_seed" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"fingerprint" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_state" ADD COLUMN "seed_fingerprint" text;--> statement-breakpoint
ALTER TABLE "market_state" DROP COLUMN "seed";