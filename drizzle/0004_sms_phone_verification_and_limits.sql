CREATE TABLE "store_phone_verifications" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_log" DROP CONSTRAINT "sms_log_status_check";--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_status_check";--> statement-breakpoint
ALTER TABLE "sms_log" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "link_origin" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "verified_phone" text;--> statement-breakpoint
ALTER TABLE "store_phone_verifications" ADD CONSTRAINT "store_phone_verifications_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_log" ADD CONSTRAINT "sms_log_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_log_store_idx" ON "sms_log" USING btree ("store_id","created_at");--> statement-breakpoint
ALTER TABLE "sms_log" ADD CONSTRAINT "sms_log_purpose_check" CHECK ("sms_log"."purpose" in ('order_confirmation', 'seller_new_order', 'phone_verification'));--> statement-breakpoint
ALTER TABLE "sms_log" ADD CONSTRAINT "sms_log_status_check" CHECK ("sms_log"."status" in ('sent', 'logged', 'failed', 'rate_limited', 'refused'));--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_purpose_check" CHECK ("sms_outbox"."purpose" in ('order_confirmation', 'seller_new_order', 'phone_verification'));--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('pending', 'sent', 'failed', 'rate_limited', 'refused'));