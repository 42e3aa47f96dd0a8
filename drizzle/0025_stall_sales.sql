CREATE TABLE "market_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"opening_cash" numeric(12, 2) DEFAULT '0' NOT NULL,
	"counted_cash" numeric(12, 2),
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_sessions_cash_check" CHECK ("market_sessions"."opening_cash" >= 0 and ("market_sessions"."counted_cash" is null or "market_sessions"."counted_cash" >= 0))
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"public_token" text DEFAULT encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex') NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_kind_check" CHECK ("receipts"."kind" in ('sale', 'refund')),
	CONSTRAINT "receipts_number_check" CHECK ("receipts"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"client_refund_id" text,
	"amount" numeric(12, 2) NOT NULL,
	"gift_card_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"method" text NOT NULL,
	"lines" jsonb NOT NULL,
	"vat" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restocked" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_refunds_amount_check" CHECK ("sale_refunds"."amount" > 0 and "sale_refunds"."gift_card_amount" >= 0 and "sale_refunds"."gift_card_amount" <= "sale_refunds"."amount"),
	CONSTRAINT "sale_refunds_method_check" CHECK ("sale_refunds"."method" in ('cash', 'card_terminal', 'vipps'))
);
--> statement-breakpoint
ALTER TABLE "email_log" DROP CONSTRAINT "email_log_purpose_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "sms_log" DROP CONSTRAINT "sms_log_purpose_check";--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_sale_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_session_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_given" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terminal_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "stall_full_documents" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "market_sessions" ADD CONSTRAINT "market_sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_refund_id_sale_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."sale_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_sessions_store_idx" ON "market_sessions" USING btree ("store_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_store_number_key" ON "receipts" USING btree ("store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_public_token_key" ON "receipts" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_sale_key" ON "receipts" USING btree ("order_id") WHERE "receipts"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_refund_key" ON "receipts" USING btree ("refund_id") WHERE "receipts"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "sale_refunds_order_idx" ON "sale_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sale_refunds_store_idx" ON "sale_refunds" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_refunds_client_key" ON "sale_refunds" USING btree ("order_id","client_refund_id") WHERE "sale_refunds"."client_refund_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_market_session_id_market_sessions_id_fk" FOREIGN KEY ("market_session_id") REFERENCES "public"."market_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_client_sale_key" ON "orders" USING btree ("store_id","client_sale_id") WHERE "orders"."client_sale_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_store_stall_sold_idx" ON "orders" USING btree ("store_id","sold_at") WHERE "orders"."channel" = 'stall';--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_purpose_check" CHECK ("email_log"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation', 'password_reset', 'email_verification', 'gift_card', 'stall_receipt'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_purpose_check" CHECK ("email_outbox"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation', 'password_reset', 'email_verification', 'gift_card', 'stall_receipt'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_qty_check" CHECK ("order_items"."refunded_qty" >= 0 and "order_items"."refunded_qty" <= "order_items"."qty");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('web', 'stall'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('cash', 'card_terminal', 'vipps_qr', 'vipps_phone'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_total_check" CHECK ("orders"."refunded_total" >= 0);--> statement-breakpoint
ALTER TABLE "sms_log" ADD CONSTRAINT "sms_log_purpose_check" CHECK ("sms_log"."purpose" in ('order_confirmation', 'order_cancelled', 'order_refunded', 'order_ready_for_pickup', 'seller_new_order', 'phone_verification', 'stall_receipt'));--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_purpose_check" CHECK ("sms_outbox"."purpose" in ('order_confirmation', 'order_cancelled', 'order_refunded', 'order_ready_for_pickup', 'seller_new_order', 'phone_verification', 'stall_receipt'));