CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"status" text NOT NULL,
	"held_from" text NOT NULL,
	"held_cents" bigint DEFAULT 0 NOT NULL,
	"taken_cents" bigint,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "disputes_status_known" CHECK ("disputes"."status" in ('opened','won','lost')),
	CONSTRAINT "disputes_held_from_known" CHECK ("disputes"."held_from" in ('available','pending'))
);
--> statement-breakpoint
ALTER TABLE "wallet_movements" DROP CONSTRAINT "wallet_movements_bucket_known";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "disputed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_payment_uq" ON "disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "disputes_org_idx" ON "disputes" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "disputes_open_order_idx" ON "disputes" USING btree ("order_id") WHERE "disputes"."status" = 'opened';--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_bucket_known" CHECK ("wallet_movements"."bucket" in ('available','pending','reserved','withdrawn','disputed'));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_disputed_not_negative" CHECK ("wallets"."disputed_cents" >= 0);