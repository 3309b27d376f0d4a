CREATE TABLE "guest_data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"subject_email" text,
	"subject_phone" text,
	"subject_cpf" text,
	"order_id" uuid,
	"locale" text DEFAULT 'pt-BR' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"answer" text,
	CONSTRAINT "guest_data_requests_kind_known" CHECK ("guest_data_requests"."kind" in ('export','erasure')),
	CONSTRAINT "guest_data_requests_source_known" CHECK ("guest_data_requests"."source" in ('guest','owner'))
);
--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "name_es" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_es" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'pt-BR' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_data_requests" ADD CONSTRAINT "guest_data_requests_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_data_requests" ADD CONSTRAINT "guest_data_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_data_requests" ADD CONSTRAINT "guest_data_requests_answered_by_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_data_requests_org_idx" ON "guest_data_requests" USING btree ("organization_id","requested_at");--> statement-breakpoint
CREATE INDEX "orders_not_anonymized_idx" ON "orders" USING btree ("created_at") WHERE "orders"."anonymized_at" is null;