CREATE TABLE "store_contact_email_confirmations" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_log" DROP CONSTRAINT "email_log_purpose_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "verified_contact_email" text;--> statement-breakpoint
ALTER TABLE "store_contact_email_confirmations" ADD CONSTRAINT "store_contact_email_confirmations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_contact_email_confirmations_token_key" ON "store_contact_email_confirmations" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_purpose_check" CHECK ("email_log"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_purpose_check" CHECK ("email_outbox"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation'));