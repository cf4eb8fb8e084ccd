ALTER TABLE "license_instances" ADD COLUMN "last_check_in_at" timestamp with time zone;--> statement-breakpoint
-- Activating an installation is its first check-in: rows from before this column get that date.
UPDATE "license_instances" SET "last_check_in_at" = "created_at" WHERE "last_check_in_at" IS NULL;
