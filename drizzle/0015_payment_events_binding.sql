ALTER TABLE "payment_events" ADD COLUMN "outcome" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "refused_reason" text;--> statement-breakpoint
CREATE INDEX "payment_events_received_idx" ON "payment_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_outcome_check" CHECK ("payment_events"."outcome" in ('accepted', 'refused'));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_refused_reason_check" CHECK (("payment_events"."outcome" = 'refused' and "payment_events"."refused_reason" in ('merchant', 'reference', 'currency', 'amount')) or ("payment_events"."outcome" = 'accepted' and "payment_events"."refused_reason" is null));--> statement-breakpoint
-- hand-written: decision 0055. Events about no attempt of Torg's are no longer kept (a Stripe
-- `customer.created` names a person), and a kept event holds only the fields Torg reads: rows written
-- before held whole events (a Checkout Session's `customer_details` names the buyer). Fields absent or
-- null are left out.
DELETE FROM "payment_events" WHERE "payment_id" IS NULL;--> statement-breakpoint
UPDATE "payment_events" SET "payload" = jsonb_strip_nulls(jsonb_build_object(
  'id', "payload"->'id',
  'type', "payload"->'type',
  'account', "payload"->'account',
  'created', "payload"->'created',
  'livemode', "payload"->'livemode',
  'data', jsonb_build_object('object', jsonb_build_object(
    'id', "payload"#>'{data,object,id}',
    'object', "payload"#>'{data,object,object}',
    'status', "payload"#>'{data,object,status}',
    'payment_status', "payload"#>'{data,object,payment_status}',
    'amount_total', "payload"#>'{data,object,amount_total}',
    'amount', "payload"#>'{data,object,amount}',
    'amount_refunded', "payload"#>'{data,object,amount_refunded}',
    'currency', "payload"#>'{data,object,currency}',
    'client_reference_id', "payload"#>'{data,object,client_reference_id}',
    'payment_intent', CASE WHEN jsonb_typeof("payload"#>'{data,object,payment_intent}') = 'string'
      THEN "payload"#>'{data,object,payment_intent}' END
  ))
)) WHERE "provider" = 'stripe';--> statement-breakpoint
UPDATE "payment_events" SET "payload" = jsonb_strip_nulls(jsonb_build_object(
  'msn', "payload"->'msn',
  'reference', "payload"->'reference',
  'pspReference', "payload"->'pspReference',
  'name', "payload"->'name',
  'amount', jsonb_build_object('currency', "payload"#>'{amount,currency}', 'value', "payload"#>'{amount,value}'),
  'timestamp', "payload"->'timestamp',
  'idempotencyKey', "payload"->'idempotencyKey',
  'success', "payload"->'success'
)) WHERE "provider" = 'vipps';
