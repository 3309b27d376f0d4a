-- Issue 50 (ADR 0054): WhatsApp notifications: members' choices, every notification sent, Meta's statuses, and the guest's opt-in on the order.
CREATE TABLE "notification_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"channel" text NOT NULL,
	"recipient" text,
	"template" text,
	"language" text,
	"variables" jsonb,
	"status" text NOT NULL,
	"wamid" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"last_error" text,
	"error_code" integer,
	"fallback" jsonb,
	"fallback_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_messages_channel_known" CHECK ("notification_messages"."channel" in ('email','whatsapp')),
	CONSTRAINT "notification_messages_status_known" CHECK ("notification_messages"."status" in ('emailed','queued','accepted','sent','delivered','read','failed'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text,
	"phone_confirmed_at" timestamp with time zone,
	"pending_phone" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"whatsapp_events" text[] DEFAULT '{}'::text[] NOT NULL,
	"quiet_start" smallint DEFAULT 1320,
	"quiet_end" smallint DEFAULT 480,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id"),
	CONSTRAINT "notification_settings_quiet_range" CHECK (("notification_settings"."quiet_start" is null) = ("notification_settings"."quiet_end" is null) and coalesce("notification_settings"."quiet_start", 0) between 0 and 1439 and coalesce("notification_settings"."quiet_end", 0) between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_status_updates" (
	"wamid" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_status_updates_wamid_status_pk" PRIMARY KEY("wamid","status"),
	CONSTRAINT "whatsapp_status_updates_known" CHECK ("whatsapp_status_updates"."status" in ('sent','delivered','read','failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_dedupe_uq" ON "notification_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_wamid_uq" ON "notification_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "notification_messages_member_idx" ON "notification_messages" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_messages_order_idx" ON "notification_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "notification_messages_due_idx" ON "notification_messages" USING btree ("next_attempt_at") WHERE "notification_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notification_messages_fallback_idx" ON "notification_messages" USING btree ("failed_at") WHERE "notification_messages"."status" = 'failed' and "notification_messages"."fallback" is not null and "notification_messages"."fallback_sent_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_status_updates_received_idx" ON "whatsapp_status_updates" USING btree ("received_at");