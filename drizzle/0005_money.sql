CREATE TABLE "payout_keys" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"pix_key_type" text NOT NULL,
	"pix_key" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"pix_key_type" text NOT NULL,
	"pix_key" text NOT NULL,
	"requested_by" uuid,
	"request_key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_transfer_id" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('processing','paid','failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"external_reference" text NOT NULL,
	"pix_key_type" text NOT NULL,
	"pix_key" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
DROP INDEX "receivables_due_idx";--> statement-breakpoint
ALTER TABLE "receivables" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_keys" ADD CONSTRAINT "payout_keys_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_keys" ADD CONSTRAINT "payout_keys_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_uq" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_key_uq" ON "withdrawals" USING btree ("organization_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_provider_transfer_uq" ON "withdrawals" USING btree ("provider","provider_transfer_id");--> statement-breakpoint
CREATE INDEX "withdrawals_wallet_idx" ON "withdrawals" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_processing_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "receivables_due_idx" ON "receivables" USING btree ("settlement_forecast_at") WHERE "receivables"."settled_at" is null and "receivables"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('pending','processing','paid','cancelled','failed','refunded'));