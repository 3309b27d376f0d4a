-- Issue 45: a refund's line says which part of the sale it gives back in a column, no longer by the end of its
-- reference (app/domain/ledger/sale-money.server.ts reads it).
ALTER TABLE "wallet_movements" ADD COLUMN "refund_of" text;--> statement-breakpoint
-- Backfill from the references refunds were posted with ('order:{id}:refund', ':refund-fee',
-- ':refund-platform-fee'), by the rule the wallet statement read them with. The ledger is append-only: its
-- trigger is held off for this one update, in the migration's transaction.
ALTER TABLE "wallet_movements" DISABLE TRIGGER "wallet_movements_append_only";--> statement-breakpoint
UPDATE "wallet_movements" SET "refund_of" = CASE
	WHEN "reference" LIKE '%platform-fee' THEN 'platform_fee'
	WHEN "reference" LIKE '%fee' THEN 'fee'
	ELSE 'sale'
END
WHERE "kind" = 'refund';--> statement-breakpoint
ALTER TABLE "wallet_movements" ENABLE TRIGGER "wallet_movements_append_only";--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_refund_of_known" CHECK (("wallet_movements"."kind" = 'refund') = ("wallet_movements"."refund_of" is not null) and ("wallet_movements"."refund_of" is null or "wallet_movements"."refund_of" in ('sale','fee','platform_fee')));
