CREATE TABLE "renewal_notices" (
	"license_id" uuid NOT NULL,
	"term_expires_at" timestamp with time zone NOT NULL,
	"mail_job_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_notices_pk" PRIMARY KEY("license_id","term_expires_at")
);
--> statement-breakpoint
ALTER TABLE "renewal_notices" ADD CONSTRAINT "renewal_notices_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;