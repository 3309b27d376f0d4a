CREATE TABLE "qr_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"image" text NOT NULL,
	"image_thumb" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"position_x" integer DEFAULT 0 NOT NULL,
	"position_y" integer DEFAULT 0 NOT NULL,
	"size" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_templates_position_x_range" CHECK ("qr_templates"."position_x" between 0 and 500),
	CONSTRAINT "qr_templates_position_y_range" CHECK ("qr_templates"."position_y" between 0 and 500),
	CONSTRAINT "qr_templates_size_range" CHECK ("qr_templates"."size" between 50 and 300),
	CONSTRAINT "qr_templates_image_size_positive" CHECK ("qr_templates"."image_width" > 0 and "qr_templates"."image_height" > 0)
);
--> statement-breakpoint
ALTER TABLE "qr_templates" ADD CONSTRAINT "qr_templates_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_templates_org_idx" ON "qr_templates" USING btree ("organization_id","created_at");