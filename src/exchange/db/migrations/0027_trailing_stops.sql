ALTER TABLE "orders" ADD COLUMN "callback_rate" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "activation_price" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trail_extreme" numeric(36, 18);