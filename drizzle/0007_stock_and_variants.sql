ALTER TABLE "product_variants" ALTER COLUMN "stock_qty" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "stock_qty" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "option_values" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_qty" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Existing data (decision 0032). Products and variants were sold without limits until now (the variant
-- stock column was never read), so they stay unlimited. A variant's price_delta becomes its own price.
-- Variants made before options existed become the values of one option named "Variant", their label
-- unchanged, so order items keep the same variantLabel.
UPDATE "product_variants" SET "stock_qty" = NULL;--> statement-breakpoint
UPDATE "product_variants" v SET "price" = greatest(0, p."base_price" + v."price_delta")
  FROM "products" p WHERE p."id" = v."product_id" AND v."price_delta" <> 0;--> statement-breakpoint
UPDATE "product_variants" SET "option_values" = jsonb_build_array("label");--> statement-breakpoint
UPDATE "products" p SET "options" = jsonb_build_array(jsonb_build_object('name', 'Variant', 'values',
  (SELECT jsonb_agg(v."label" ORDER BY v."label") FROM "product_variants" v WHERE v."product_id" = p."id")))
  WHERE EXISTS (SELECT 1 FROM "product_variants" v WHERE v."product_id" = p."id");--> statement-breakpoint
ALTER TABLE "product_variants" DROP COLUMN "price_delta";--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("products"."stock_qty" >= 0);
