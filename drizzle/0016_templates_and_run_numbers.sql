CREATE TABLE "replacement_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "replacement_counters_positive" CHECK ("replacement_counters"."last_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "replacement_counters" ADD CONSTRAINT "replacement_counters_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing templates are named by creation order per organization ('Template 1', 'Template 2', …).
ALTER TABLE "qr_templates" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "qr_templates" AS t SET "name" = 'Template ' || n.rn
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "organization_id" ORDER BY "created_at", "id") AS rn
	FROM "qr_templates"
) AS n
WHERE n."id" = t."id";--> statement-breakpoint
ALTER TABLE "qr_templates" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
-- The newest template was the posters' default until now: it becomes the explicit one.
ALTER TABLE "qr_templates" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "qr_templates" SET "is_default" = true
WHERE "id" IN (
	SELECT DISTINCT ON ("organization_id") "id" FROM "qr_templates"
	ORDER BY "organization_id", "created_at" DESC, "id" DESC
);--> statement-breakpoint
-- Existing runs are numbered by creation order per organization, and each counter starts after the last.
ALTER TABLE "replacements" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "replacements" AS r SET "number" = n.rn
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "organization_id" ORDER BY "created_at", "id") AS rn
	FROM "replacements"
) AS n
WHERE n."id" = r."id";--> statement-breakpoint
ALTER TABLE "replacements" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
INSERT INTO "replacement_counters" ("organization_id", "last_number")
SELECT "organization_id", max("number") FROM "replacements" GROUP BY "organization_id";--> statement-breakpoint
CREATE UNIQUE INDEX "qr_templates_one_default_uq" ON "qr_templates" USING btree ("organization_id") WHERE "qr_templates"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "replacements_org_number_uq" ON "replacements" USING btree ("organization_id","number");--> statement-breakpoint
ALTER TABLE "qr_templates" ADD CONSTRAINT "qr_templates_name_length" CHECK (char_length("qr_templates"."name") between 1 and 80);
