CREATE TABLE "staff_audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "staff_audit_entries_at_idx" ON "staff_audit_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_audit_entries_target_idx" ON "staff_audit_entries" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "staff_audit_entries_actor_idx" ON "staff_audit_entries" USING btree ("actor_id","at");--> statement-breakpoint
CREATE FUNCTION "staff_audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_audit_entries_append_only" BEFORE UPDATE OR DELETE ON "staff_audit_entries" FOR EACH ROW EXECUTE FUNCTION "staff_audit_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "staff_audit_entries_no_truncate" BEFORE TRUNCATE ON "staff_audit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_entries_append_only"();
