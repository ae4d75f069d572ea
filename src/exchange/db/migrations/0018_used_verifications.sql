CREATE TABLE "used_verifications" (
	"signature_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_verifications_expiry_idx" ON "used_verifications" USING btree ("expires_at");