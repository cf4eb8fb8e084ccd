CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_basis_points" integer,
	"amount_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"template_ids" jsonb,
	"billing_cycles" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_one_discount" CHECK (("promo_codes"."percent_basis_points" IS NOT NULL AND "promo_codes"."percent_basis_points" BETWEEN 1 AND 10000 AND "promo_codes"."amount_cents" IS NULL) OR ("promo_codes"."amount_cents" IS NOT NULL AND "promo_codes"."amount_cents" > 0 AND "promo_codes"."percent_basis_points" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "vat_number_checks" (
	"vat_number" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"consultation_number" text,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxable_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "taxable_cents" = "subtotal_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "taxable_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_mention_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_consultation_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_user_idx" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_amounts_non_negative" CHECK ("order_items"."unit_price_cents" >= 0 AND "order_items"."total_price_cents" >= 0 AND "order_items"."discount_cents" BETWEEN 0 AND "order_items"."total_price_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_valid" CHECK ("orders"."discount_cents" BETWEEN 0 AND "orders"."subtotal_cents" AND "orders"."taxable_cents" = "orders"."subtotal_cents" - "orders"."discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_kind_valid" CHECK (tax_kind IN ('domestic', 'eu_consumer', 'reverse_charge', 'export'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vat_number_status_valid" CHECK (vat_number_status IN ('verified', 'format_checked', 'none'));