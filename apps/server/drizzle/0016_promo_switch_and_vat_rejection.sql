ALTER TABLE "orders" DROP CONSTRAINT "orders_vat_number_status_valid";--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vat_number_status_valid" CHECK (vat_number_status IN ('verified', 'format_checked', 'rejected', 'none'));