CREATE TABLE "stay_account_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"unpaid_alert_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"organization_id" uuid NOT NULL,
	"count_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"unit_cost_cents" bigint,
	"expected" integer NOT NULL,
	"counted" integer NOT NULL,
	"loss_reason" text NOT NULL,
	"applied" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stock_count_lines_count_id_product_id_pk" PRIMARY KEY("count_id","product_id"),
	CONSTRAINT "stock_count_lines_counted_not_negative" CHECK ("stock_count_lines"."counted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"stay_id" uuid,
	"client_id" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counted_by" uuid,
	"loss_reason" text NOT NULL,
	"account_status" text DEFAULT 'open' NOT NULL,
	"account_status_by" uuid,
	"account_status_at" timestamp with time zone,
	"damage_id" uuid,
	CONSTRAINT "stock_counts_account_status_known" CHECK ("stock_counts"."account_status" in ('open','forgiven','in_damage'))
);
--> statement-breakpoint
ALTER TABLE "stay_account_settings" ADD CONSTRAINT "stay_account_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_counted_by_user_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_account_status_by_user_id_fk" FOREIGN KEY ("account_status_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_client_uq" ON "stock_counts" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "stock_counts_property_taken_idx" ON "stock_counts" USING btree ("organization_id","property_id","taken_at");--> statement-breakpoint
CREATE INDEX "stock_counts_stay_idx" ON "stock_counts" USING btree ("organization_id","stay_id");