CREATE TABLE "license_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_reminders" (
	"license_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"stage_days" integer NOT NULL,
	"mail_job_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_reminders_pk" PRIMARY KEY("license_id","expires_at","stage_days")
);
--> statement-breakpoint
CREATE TABLE "license_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"period_starts_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_renewals_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "license_instances" ADD CONSTRAINT "license_instances_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_reminders" ADD CONSTRAINT "license_reminders_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD CONSTRAINT "license_renewals_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD CONSTRAINT "license_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_instances_active_idx" ON "license_instances" USING btree ("license_id") WHERE "license_instances"."deactivated_at" IS NULL;--> statement-breakpoint
CREATE INDEX "license_renewals_license_id_idx" ON "license_renewals" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "licenses_expires_at_idx" ON "licenses" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_state_valid" CHECK (state IN ('active', 'suspended', 'revoked'));