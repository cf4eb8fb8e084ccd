CREATE TABLE "einvoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"status" text NOT NULL,
	"platform" text NOT NULL,
	"reference" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_events_status_valid" CHECK (status IN ('deposited', 'issued', 'received', 'rejected', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "siren" text;--> statement-breakpoint
ALTER TABLE "einvoice_events" ADD CONSTRAINT "einvoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_events_one_per_status" ON "einvoice_events" USING btree ("invoice_id","status");--> statement-breakpoint
CREATE INDEX "einvoice_events_invoice_idx" ON "einvoice_events" USING btree ("invoice_id","occurred_at");