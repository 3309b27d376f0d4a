ALTER TABLE "carts" ADD COLUMN "stay_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stay_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_mail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "shop_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replacement_id_replacements_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."replacements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_replacement_idx" ON "orders" USING btree ("replacement_id") WHERE "orders"."replacement_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_stay_idx" ON "orders" USING btree ("stay_id") WHERE "orders"."stay_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stays_shop_token_uq" ON "stays" USING btree ("shop_token");