-- Issue 27: a few rows per summary key, chosen by the order's id, so orders placed at once do not queue on one row.
ALTER TABLE "sales_daily" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" DROP CONSTRAINT "sales_daily_organization_id_day_property_id_status_pk";--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_organization_id_day_property_id_status_slot_pk" PRIMARY KEY("organization_id","day","property_id","status","slot");
