CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vipps_webhooks" (
	"msn" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"secret" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "changed_by" text DEFAULT 'seller' NOT NULL;--> statement-breakpoint
-- An order's first event was the shopper placing it; every later one so far was a seller (decision 0034).
UPDATE "order_status_events" SET "changed_by" = 'shopper' WHERE "from_status" IS NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "merchant" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_unfinished_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'created';--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_changed_by_check" CHECK ("order_status_events"."changed_by" in ('shopper', 'seller', 'provider', 'expiry'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'authorized', 'captured', 'cancelled', 'refunded', 'expired', 'failed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_captured_check" CHECK ("payments"."captured_amount" >= 0 and "payments"."captured_amount" <= "payments"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."captured_amount");