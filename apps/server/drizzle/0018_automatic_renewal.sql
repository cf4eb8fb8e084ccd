CREATE TABLE "license_plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"template_id" integer NOT NULL,
	"billing_cycle" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_plan_changes_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "method_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "method_setups_provider_reference_unique" UNIQUE("provider","provider_reference")
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"expires_month" text,
	"provider_customer" text,
	"provider_reference" text NOT NULL,
	"mandate_reference" text,
	"mandate_accepted_at" timestamp with time zone,
	"sandbox_behaviour" text,
	"expiry_notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone,
	CONSTRAINT "saved_payment_methods_provider_reference_unique" UNIQUE("provider","provider_reference"),
	CONSTRAINT "saved_payment_methods_provider_valid" CHECK (provider IN ('sandbox', 'stripe', 'paypal')),
	CONSTRAINT "saved_payment_methods_type_valid" CHECK (type IN ('card', 'sepa_debit', 'paypal'))
);
--> statement-breakpoint
ALTER TABLE "license_renewals" ADD COLUMN "term_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD COLUMN "charge_status" text;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "license_renewals" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "saved_method_id" uuid;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "auto_renew_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "pending_template_id" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "pending_billing_cycle" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_plan_changes" ADD CONSTRAINT "license_plan_changes_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_plan_changes" ADD CONSTRAINT "license_plan_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_plan_changes" ADD CONSTRAINT "license_plan_changes_template_id_license_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."license_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_setups" ADD CONSTRAINT "method_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_plan_changes_license_id_idx" ON "license_plan_changes" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "method_setups_user_id_idx" ON "method_setups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_id_idx" ON "saved_payment_methods" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_saved_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("saved_method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_pending_template_id_license_templates_id_fk" FOREIGN KEY ("pending_template_id") REFERENCES "public"."license_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_renewals_one_charge_per_term" ON "license_renewals" USING btree ("license_id","term_expires_at") WHERE "license_renewals"."term_expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "licenses_auto_renew_idx" ON "licenses" USING btree ("expires_at") WHERE "licenses"."auto_renew";--> statement-breakpoint
ALTER TABLE "license_renewals" ADD CONSTRAINT "license_renewals_charge_status_valid" CHECK (charge_status IN ('open', 'processing', 'charged', 'failing', 'abandoned', 'cancelled'));