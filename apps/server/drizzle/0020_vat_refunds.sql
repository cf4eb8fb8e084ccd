ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_id_unique";--> statement-breakpoint
DROP INDEX "invoices_one_credit_note_per_invoice";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_credit_note_per_invoice_and_scope" ON "invoices" USING btree ("credited_invoice_id","vat_only");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment_and_kind" ON "refunds" USING btree ("payment_id","kind");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vat_only_is_a_credit_note" CHECK (NOT "invoices"."vat_only" OR "invoices"."kind" = 'credit_note');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_valid" CHECK (kind IN ('full', 'vat'));