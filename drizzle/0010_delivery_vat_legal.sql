CREATE TABLE "delivery_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"free_above" numeric(12, 2),
	"note" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_options_kind_check" CHECK ("delivery_options"."kind" in ('pickup', 'parcel')),
	CONSTRAINT "delivery_options_price_check" CHECK ("delivery_options"."price" >= 0),
	CONSTRAINT "delivery_options_free_above_check" CHECK ("delivery_options"."free_above" is null or "delivery_options"."free_above" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_option_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "vat_rate" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "org_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "terms_extra" text;--> statement-breakpoint
ALTER TABLE "delivery_options" ADD CONSTRAINT "delivery_options_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_options_store_idx" ON "delivery_options" USING btree ("store_id","position");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_option_id_delivery_options_id_fk" FOREIGN KEY ("delivery_option_id") REFERENCES "public"."delivery_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_vat_rate_check" CHECK ("stores"."vat_rate" is null or "stores"."vat_rate" in (15, 25));--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_org_number_check" CHECK ("stores"."org_number" is null or "stores"."org_number" ~ '^[0-9]{9}$');