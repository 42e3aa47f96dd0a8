CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"min_order_total" numeric(12, 2),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"one_per_shopper" boolean DEFAULT false NOT NULL,
	"product_ids" uuid[],
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'amount', 'free_delivery')),
	CONSTRAINT "discount_codes_state_check" CHECK ("discount_codes"."state" in ('active', 'paused', 'ended')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" >= 0),
	CONSTRAINT "discount_codes_uses_check" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."max_uses" > 0))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"discount_code_id" uuid NOT NULL,
	"shopper" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_redemptions_amount_check" CHECK ("gift_card_redemptions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_card_settings" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_min" numeric(12, 2),
	"custom_max" numeric(12, 2),
	"validity_months" integer DEFAULT 36 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_settings_validity_check" CHECK ("gift_card_settings"."validity_months" between 36 and 120)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"code" text NOT NULL,
	"initial_amount" numeric(12, 2) NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"order_item_id" uuid,
	"buyer_name" text,
	"buyer_email" text,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"send_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_status_check" CHECK ("gift_cards"."status" in ('active', 'voided')),
	CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."initial_amount" > 0 and "gift_cards"."balance" >= 0 and "gift_cards"."balance" <= "gift_cards"."initial_amount")
);
--> statement-breakpoint
ALTER TABLE "email_log" DROP CONSTRAINT "email_log_purpose_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_card" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_sales" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_settings" ADD CONSTRAINT "gift_card_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_store_code_key" ON "discount_codes" USING btree ("store_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_shopper_key" ON "discount_redemptions" USING btree ("discount_code_id","shopper") WHERE "discount_redemptions"."shopper" is not null;--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_card_idx" ON "gift_card_redemptions" USING btree ("gift_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_order_card_key" ON "gift_card_redemptions" USING btree ("order_id","gift_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_key" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_item_key" ON "gift_cards" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "gift_cards_store_idx" ON "gift_cards" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code_id") WHERE "orders"."discount_code_id" is not null;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_purpose_check" CHECK ("email_log"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation', 'password_reset', 'email_verification', 'gift_card'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_purpose_check" CHECK ("email_outbox"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation', 'password_reset', 'email_verification', 'gift_card'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_rules_check" CHECK ("orders"."discount_total" >= 0 and "orders"."gift_card_total" >= 0 and "orders"."gift_card_sales" >= 0);