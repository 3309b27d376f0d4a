ALTER TABLE "products" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "property_products" ADD COLUMN "average_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "loss_reason" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "unit_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "replacement_items" ADD COLUMN "unit_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_not_negative" CHECK ("products"."cost_cents" is null or "products"."cost_cents" >= 0);--> statement-breakpoint
ALTER TABLE "replacement_items" ADD CONSTRAINT "replacement_items_cost_not_negative" CHECK ("replacement_items"."unit_cost_cents" is null or "replacement_items"."unit_cost_cents" >= 0);