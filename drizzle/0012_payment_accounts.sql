CREATE TABLE "payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"wallet_id" text,
	"display_name" text,
	"email" text,
	"credentials" text,
	"token_expires_at" timestamp with time zone,
	"token_refreshed_at" timestamp with time zone,
	"last_error" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_provider_known" CHECK ("payment_accounts"."provider" in ('sandbox','mercadopago','asaas')),
	CONSTRAINT "payment_accounts_status_known" CHECK ("payment_accounts"."status" in ('active','pending','needs_reconnect','disconnected'))
);
--> statement-breakpoint
CREATE TABLE "payment_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"order_id" uuid,
	"provider_amount_cents" bigint,
	"our_amount_cents" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payment_account_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_account_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "platform_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "seller_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "application_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD COLUMN "seller_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_connected_by_user_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_oauth_states" ADD CONSTRAINT "payment_oauth_states_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_oauth_states" ADD CONSTRAINT "payment_oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_live_uq" ON "payment_accounts" USING btree ("organization_id") WHERE "payment_accounts"."status" <> 'disconnected';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_provider_account_live_uq" ON "payment_accounts" USING btree ("provider","provider_account_id") WHERE "payment_accounts"."status" <> 'disconnected';--> statement-breakpoint
CREATE INDEX "payment_accounts_refresh_idx" ON "payment_accounts" USING btree ("token_expires_at") WHERE "payment_accounts"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_findings_uq" ON "reconciliation_findings" USING btree ("payment_account_id","kind","provider_payment_id");--> statement-breakpoint
CREATE INDEX "reconciliation_findings_org_idx" ON "reconciliation_findings" USING btree ("organization_id","found_at");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_movements_order_idx" ON "wallet_movements" USING btree ("order_id") WHERE "wallet_movements"."order_id" is not null;