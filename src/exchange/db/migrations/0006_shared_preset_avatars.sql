DROP INDEX "leaders_avatar_key";--> statement-breakpoint
CREATE UNIQUE INDEX "leaders_avatar_key" ON "leaders" USING btree ("avatar") WHERE "leaders"."avatar" not like '/avatars/presets/%';