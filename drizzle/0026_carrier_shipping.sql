CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text NOT NULL,
	"label_key" text NOT NULL,
	"booked_by" uuid,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_state_check" CHECK ("shipments"."state" in ('booked', 'in_transit', 'ready_for_pickup', 'delivered', 'returned', 'exception'))
);
--> statement-breakpoint
CREATE TABLE "store_carriers" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'bring' NOT NULL,
	"api_uid" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"customer_number" text NOT NULL,
	"sender" jsonb NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_weight_grams" integer DEFAULT 1000 NOT NULL,
	"free_above" numeric(12, 2),
	"fulfil_on_delivery" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_carriers_provider_check" CHECK ("store_carriers"."provider" in ('bring')),
	CONSTRAINT "store_carriers_default_weight_check" CHECK ("store_carriers"."default_weight_grams" > 0),
	CONSTRAINT "store_carriers_free_above_check" CHECK ("store_carriers"."free_above" is null or "store_carriers"."free_above" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_service" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_price_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_point" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_delivery" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_carriers" ADD CONSTRAINT "store_carriers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_key" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_due_idx" ON "shipments" USING btree ("next_check_at") WHERE "shipments"."next_check_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_price_source_check" CHECK ("orders"."shipping_price_source" is null or "orders"."shipping_price_source" in ('bring', 'seller'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_check" CHECK ("products"."weight_grams" is null or "products"."weight_grams" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_check" CHECK (("products"."length_cm" is null or "products"."length_cm" > 0) and ("products"."width_cm" is null or "products"."width_cm" > 0) and ("products"."height_cm" is null or "products"."height_cm" > 0));