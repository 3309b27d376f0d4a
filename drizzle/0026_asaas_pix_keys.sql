ALTER TABLE "payment_accounts" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "approval" jsonb;