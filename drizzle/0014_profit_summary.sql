CREATE TABLE "profit_daily" (
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"provider_fee_cents" bigint DEFAULT 0 NOT NULL,
	"platform_fee_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"refunded_orders" integer DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"uncosted_units" integer DEFAULT 0 NOT NULL,
	"uncosted_gross_cents" bigint DEFAULT 0 NOT NULL,
	"loss_cents" bigint DEFAULT 0 NOT NULL,
	"loss_units_uncosted" integer DEFAULT 0 NOT NULL,
	"gain_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "profit_daily_organization_id_day_property_id_pk" PRIMARY KEY("organization_id","day","property_id")
);
--> statement-breakpoint
CREATE TABLE "profit_product_daily" (
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"uncosted_units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profit_product_daily_organization_id_day_property_id_product_id_pk" PRIMARY KEY("organization_id","day","property_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "profit_daily" ADD CONSTRAINT "profit_daily_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_product_daily" ADD CONSTRAINT "profit_product_daily_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill: what was sold, refunded and lost before this migration, summed as app/domain/profit adds it
-- (a sale on its São Paulo day of payment, a refund on its own day, losses and counted gains on theirs).
INSERT INTO "profit_daily" ("organization_id", "property_id", "day", "gross_cents", "provider_fee_cents", "platform_fee_cents", "refunded_cents", "orders", "refunded_orders", "cogs_cents", "uncosted_units", "uncosted_gross_cents", "loss_cents", "loss_units_uncosted", "gain_cents")
WITH "sold" AS (
	SELECT o."organization_id", o."property_id", o."paid_at",
		(SELECT r."created_at" FROM "refunds" r WHERE r."order_id" = o."id") AS "refunded_at",
		coalesce((SELECT sum(m."amount_cents") FROM "wallet_movements" m WHERE m."order_id" = o."id" AND m."kind" = 'sale'), 0) AS "gross",
		coalesce((SELECT -sum(m."amount_cents") FROM "wallet_movements" m WHERE m."order_id" = o."id" AND m."kind" = 'fee'), 0) AS "provider_fee",
		coalesce((SELECT -sum(m."amount_cents") FROM "wallet_movements" m WHERE m."order_id" = o."id" AND m."kind" = 'platform_fee'), 0) AS "platform_fee",
		coalesce((SELECT sum(i."quantity" * i."unit_cost_cents") FROM "order_items" i WHERE i."order_id" = o."id"), 0) AS "cogs",
		coalesce((SELECT sum(i."quantity") FROM "order_items" i WHERE i."order_id" = o."id" AND i."unit_cost_cents" IS NULL), 0) AS "uncosted_units",
		coalesce((SELECT sum(i."quantity" * i."unit_price_cents") FROM "order_items" i WHERE i."order_id" = o."id" AND i."unit_cost_cents" IS NULL), 0) AS "uncosted_gross"
	FROM "orders" o WHERE o."paid_at" IS NOT NULL
), "events" AS (
	SELECT "organization_id", "property_id", ("paid_at" AT TIME ZONE 'America/Sao_Paulo')::date AS "day",
		"gross", "provider_fee", "platform_fee", 0 AS "refunded", 1 AS "orders", 0 AS "refunded_orders",
		"cogs", "uncosted_units", "uncosted_gross", 0 AS "loss", 0 AS "loss_uncosted", 0 AS "gain"
	FROM "sold"
	UNION ALL
	SELECT "organization_id", "property_id", ("refunded_at" AT TIME ZONE 'America/Sao_Paulo')::date,
		0, -"provider_fee", -"platform_fee", "gross", 0, 1, -"cogs", -"uncosted_units", -"uncosted_gross", 0, 0, 0
	FROM "sold" WHERE "refunded_at" IS NOT NULL
	UNION ALL
	SELECT "organization_id", "property_id", ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		CASE WHEN "reason" = 'loss' AND "unit_cost_cents" IS NOT NULL THEN ("old_quantity" - "new_quantity") * "unit_cost_cents" ELSE 0 END,
		CASE WHEN "reason" = 'loss' AND "unit_cost_cents" IS NULL THEN "old_quantity" - "new_quantity" ELSE 0 END,
		CASE WHEN "reason" = 'adjustment' THEN ("new_quantity" - "old_quantity") * "unit_cost_cents" ELSE 0 END
	FROM "stock_movements"
	WHERE ("reason" = 'loss' AND "new_quantity" < "old_quantity")
		OR ("reason" = 'adjustment' AND "new_quantity" > "old_quantity" AND "unit_cost_cents" IS NOT NULL)
)
SELECT "organization_id", "property_id", "day", sum("gross"), sum("provider_fee"), sum("platform_fee"), sum("refunded"),
	sum("orders"), sum("refunded_orders"), sum("cogs"), sum("uncosted_units"), sum("uncosted_gross"), sum("loss"),
	sum("loss_uncosted"), sum("gain")
FROM "events" GROUP BY "organization_id", "property_id", "day";
--> statement-breakpoint
INSERT INTO "profit_product_daily" ("organization_id", "property_id", "product_id", "day", "units", "gross_cents", "cogs_cents", "uncosted_units")
SELECT "organization_id", "property_id", "product_id", "day", sum("units"), sum("gross"), sum("cogs"), sum("uncosted")
FROM (
	SELECT o."organization_id", o."property_id", i."product_id", (o."paid_at" AT TIME ZONE 'America/Sao_Paulo')::date AS "day",
		i."quantity" AS "units", i."quantity" * i."unit_price_cents" AS "gross",
		coalesce(i."quantity" * i."unit_cost_cents", 0) AS "cogs",
		CASE WHEN i."unit_cost_cents" IS NULL THEN i."quantity" ELSE 0 END AS "uncosted"
	FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id" WHERE o."paid_at" IS NOT NULL
	UNION ALL
	SELECT o."organization_id", o."property_id", i."product_id", (r."created_at" AT TIME ZONE 'America/Sao_Paulo')::date,
		-i."quantity", -i."quantity" * i."unit_price_cents", -coalesce(i."quantity" * i."unit_cost_cents", 0),
		CASE WHEN i."unit_cost_cents" IS NULL THEN -i."quantity" ELSE 0 END
	FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id" JOIN "refunds" r ON r."order_id" = o."id"
	WHERE o."paid_at" IS NOT NULL
) "lines"
GROUP BY "organization_id", "property_id", "product_id", "day";
