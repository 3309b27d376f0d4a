CREATE TABLE "damage_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"damage_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damage_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"damage_id" uuid NOT NULL,
	"description" text NOT NULL,
	"estimated_cents" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damage_items_amount_range" CHECK ("damage_items"."estimated_cents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "damage_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"damage_id" uuid NOT NULL,
	"image" text NOT NULL,
	"image_thumb" text NOT NULL,
	"taken_at" timestamp with time zone,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damage_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"stay_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"claim_deadline" date,
	"recovered_cents" bigint,
	"reimbursed_at" timestamp with time zone,
	"deadline_reminded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damage_records_status_known" CHECK ("damage_records"."status" in ('open','submitted','reimbursed','refused','archived')),
	CONSTRAINT "damage_records_recovered_not_negative" CHECK ("damage_records"."recovered_cents" is null or "damage_records"."recovered_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agenda_feed_tokens" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"source" text NOT NULL,
	"address_sealed" text NOT NULL,
	"address_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_event_count" integer
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"feed_id" uuid,
	"uid" text,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"summary" text,
	"reservation_code" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "stays_kind_known" CHECK ("stays"."kind" in ('stay','block')),
	CONSTRAINT "stays_status_known" CHECK ("stays"."status" in ('confirmed','cancelled')),
	CONSTRAINT "stays_source_known" CHECK ("stays"."source" in ('airbnb','booking','vrbo','other','direct')),
	CONSTRAINT "stays_dates_ordered" CHECK ("stays"."check_out" > "stays"."check_in")
);
--> statement-breakpoint
ALTER TABLE "replacements" ADD COLUMN "deliver_by" date;--> statement-breakpoint
ALTER TABLE "damage_events" ADD CONSTRAINT "damage_events_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_events" ADD CONSTRAINT "damage_events_damage_id_damage_records_id_fk" FOREIGN KEY ("damage_id") REFERENCES "public"."damage_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_events" ADD CONSTRAINT "damage_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_items" ADD CONSTRAINT "damage_items_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_items" ADD CONSTRAINT "damage_items_damage_id_damage_records_id_fk" FOREIGN KEY ("damage_id") REFERENCES "public"."damage_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_photos" ADD CONSTRAINT "damage_photos_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_photos" ADD CONSTRAINT "damage_photos_damage_id_damage_records_id_fk" FOREIGN KEY ("damage_id") REFERENCES "public"."damage_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_photos" ADD CONSTRAINT "damage_photos_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_records" ADD CONSTRAINT "damage_records_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_records" ADD CONSTRAINT "damage_records_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_records" ADD CONSTRAINT "damage_records_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_records" ADD CONSTRAINT "damage_records_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_feed_tokens" ADD CONSTRAINT "agenda_feed_tokens_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "damage_events_damage_idx" ON "damage_events" USING btree ("damage_id","created_at");--> statement-breakpoint
CREATE INDEX "damage_items_damage_idx" ON "damage_items" USING btree ("damage_id","position");--> statement-breakpoint
CREATE INDEX "damage_photos_damage_idx" ON "damage_photos" USING btree ("damage_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "damage_records_org_created_idx" ON "damage_records" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "damage_records_property_idx" ON "damage_records" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "damage_records_open_deadline_idx" ON "damage_records" USING btree ("claim_deadline") WHERE "damage_records"."status" = 'open' and "damage_records"."deadline_reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_feed_tokens_token_uq" ON "agenda_feed_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "calendar_feeds_property_idx" ON "calendar_feeds" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stays_feed_uid_uq" ON "stays" USING btree ("feed_id","uid");--> statement-breakpoint
CREATE INDEX "stays_property_dates_idx" ON "stays" USING btree ("organization_id","property_id","check_in");--> statement-breakpoint
CREATE INDEX "stays_org_dates_idx" ON "stays" USING btree ("organization_id","check_in");--> statement-breakpoint
CREATE INDEX "orders_property_paid_idx" ON "orders" USING btree ("organization_id","property_id","paid_at") WHERE "orders"."paid_at" is not null;