CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('password_reset', 'email_verification'))
);
--> statement-breakpoint
ALTER TABLE "email_log" DROP CONSTRAINT "email_log_purpose_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: accounts made before addresses were proven count as proven (decision 0065): nobody is locked out by the upgrade.
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_tokens_expires_idx" ON "account_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_purpose_check" CHECK ("email_log"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation', 'password_reset', 'email_verification'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_purpose_check" CHECK ("email_outbox"."purpose" in ('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation', 'password_reset', 'email_verification'));