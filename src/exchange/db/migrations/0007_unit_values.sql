CREATE TABLE "unit_values" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unit_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_kind" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"equity" numeric NOT NULL,
	"units" numeric NOT NULL,
	"unit_value" numeric NOT NULL,
	"flow" numeric DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "unit_values_owner_kind_check" CHECK ("unit_values"."owner_kind" in ('leader', 'copy')),
	CONSTRAINT "unit_values_reason_check" CHECK ("unit_values"."reason" in ('start', 'flow', 'hour', 'day')),
	CONSTRAINT "unit_values_amounts_check" CHECK ("unit_values"."equity" >= 0 and "unit_values"."units" >= 0 and "unit_values"."unit_value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "unit_values_owner_idx" ON "unit_values" USING btree ("owner_kind","owner_id","at","id");