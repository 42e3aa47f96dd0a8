ALTER TABLE "email_log" DROP CONSTRAINT "email_log_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_status_check" CHECK ("email_log"."status" in ('sent', 'logged', 'failed', 'rate_limited'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed', 'cancelled', 'rate_limited'));