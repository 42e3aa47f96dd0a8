CREATE TABLE "store_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"target_host" text NOT NULL,
	"records" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"check_error" text,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_domains_status_check" CHECK ("store_domains"."status" in ('pending', 'verified', 'failed')),
	CONSTRAINT "store_domains_domain_format_check" CHECK ("store_domains"."domain" = lower("store_domains"."domain"))
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "logo_image_url" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "brand_assets" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "font_pairing" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "about" jsonb;--> statement-breakpoint
ALTER TABLE "store_domains" ADD CONSTRAINT "store_domains_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_domains_domain_key" ON "store_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "store_domains_store_idx" ON "store_domains" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "store_domains_due_idx" ON "store_domains" USING btree ("next_check_at") WHERE "store_domains"."next_check_at" is not null;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_brand_color_check" CHECK ("stores"."brand_color" is null or "stores"."brand_color" ~ '^#[0-9a-f]{6}$');