ALTER TABLE "email_log" DROP CONSTRAINT "email_log_status_check";--> statement-breakpoint
ALTER TABLE "email_log" DROP CONSTRAINT "email_log_purpose_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "payment_channels" DROP COLUMN "verified_at";--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_status_check" CHECK ("email_log"."status" in ('sent', 'logged', 'failed', 'rate_limited'));--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_purpose_check" CHECK ("email_log"."purpose" in ('order_confirmation', 'order_shipped', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed', 'cancelled', 'rate_limited'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_purpose_check" CHECK ("email_outbox"."purpose" in ('order_confirmation', 'order_shipped', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed'));