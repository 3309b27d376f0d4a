CREATE TABLE "sales_daily" (
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"provider_fee_cents" bigint DEFAULT 0 NOT NULL,
	"platform_fee_cents" bigint DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_organization_id_day_property_id_status_pk" PRIMARY KEY("organization_id","day","property_id","status")
);
--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill: every order counted in its current status on the São Paulo day it was created, with its ledger
-- money as /sales shows it (app/domain/ledger/sales-summary.server.ts keeps the same sums from now on).
INSERT INTO "sales_daily" ("organization_id", "property_id", "day", "status", "orders", "gross_cents", "provider_fee_cents", "platform_fee_cents", "refund_cents")
SELECT o."organization_id", o."property_id", (o."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, o."status",
	count(*), coalesce(sum(m."gross"), 0), coalesce(sum(m."provider_fee"), 0), coalesce(sum(m."platform_fee"), 0),
	coalesce(sum(m."refund"), 0)
FROM "orders" o
LEFT JOIN (
	SELECT "order_id",
		sum(CASE WHEN "kind" = 'sale' THEN "amount_cents" ELSE 0 END) AS "gross",
		-sum(CASE WHEN "kind" = 'fee' THEN "amount_cents" ELSE 0 END) AS "provider_fee",
		-sum(CASE WHEN "kind" = 'platform_fee' THEN "amount_cents" ELSE 0 END) AS "platform_fee",
		sum(CASE WHEN "kind" = 'refund' THEN "amount_cents" ELSE 0 END) AS "refund"
	FROM "wallet_movements"
	WHERE "order_id" IS NOT NULL AND "kind" IN ('sale', 'fee', 'platform_fee', 'refund')
	GROUP BY "order_id"
) m ON m."order_id" = o."id"
GROUP BY 1, 2, 3, 4;
