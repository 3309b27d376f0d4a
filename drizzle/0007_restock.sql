CREATE TABLE "replacement_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"replacement_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"delivered_quantity" integer,
	CONSTRAINT "replacement_items_quantity_positive" CHECK ("replacement_items"."quantity" between 1 and 1000000),
	CONSTRAINT "replacement_items_delivered_range" CHECK ("replacement_items"."delivered_quantity" is null or ("replacement_items"."delivered_quantity" >= 0 and "replacement_items"."delivered_quantity" <= "replacement_items"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "replacement_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"replacement_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replacements_status_known" CHECK ("replacements"."status" in ('processing','separated_for_replacement','in_transit','delivered','cancelled','returned'))
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "property_products" ADD COLUMN "alert_quantity" integer;--> statement-breakpoint
ALTER TABLE "replacement_items" ADD CONSTRAINT "replacement_items_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_items" ADD CONSTRAINT "replacement_items_replacement_id_replacements_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."replacements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_items" ADD CONSTRAINT "replacement_items_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_items" ADD CONSTRAINT "replacement_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_status_changes" ADD CONSTRAINT "replacement_status_changes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_status_changes" ADD CONSTRAINT "replacement_status_changes_replacement_id_replacements_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."replacements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_status_changes" ADD CONSTRAINT "replacement_status_changes_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_items_line_uq" ON "replacement_items" USING btree ("replacement_id","property_id","product_id");--> statement-breakpoint
CREATE INDEX "replacement_items_property_product_idx" ON "replacement_items" USING btree ("property_id","product_id");--> statement-breakpoint
CREATE INDEX "replacement_status_changes_idx" ON "replacement_status_changes" USING btree ("replacement_id","created_at");--> statement-breakpoint
CREATE INDEX "replacements_org_created_idx" ON "replacements" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_uq" ON "stock_alerts" USING btree ("property_id","product_id") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_pending_idx" ON "stock_alerts" USING btree ("organization_id") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
ALTER TABLE "property_products" ADD CONSTRAINT "property_products_alert_not_negative" CHECK ("property_products"."alert_quantity" is null or "property_products"."alert_quantity" >= 0);--> statement-breakpoint
CREATE TRIGGER replacement_status_changes_append_only BEFORE UPDATE OR DELETE ON "replacement_status_changes"
  FOR EACH ROW EXECUTE FUNCTION append_only();
