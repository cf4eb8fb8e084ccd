CREATE TABLE "release_artifacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"signature" text NOT NULL,
	"store" text NOT NULL,
	"storage_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_artifacts_file_unique" UNIQUE("release_id","file_name"),
	CONSTRAINT "release_artifacts_size_positive" CHECK ("release_artifacts"."size" > 0),
	CONSTRAINT "release_artifacts_store_valid" CHECK (store IN ('files', 'database'))
);
--> statement-breakpoint
CREATE TABLE "release_downloads" (
	"artifact_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_downloads_artifact_id_license_id_pk" PRIMARY KEY("artifact_id","license_id")
);
--> statement-breakpoint
CREATE TABLE "release_items" (
	"release_id" uuid NOT NULL,
	"roadmap_item_id" integer NOT NULL,
	CONSTRAINT "release_items_release_id_roadmap_item_id_pk" PRIMARY KEY("release_id","roadmap_item_id")
);
--> statement-breakpoint
CREATE TABLE "release_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"beta_opt_in" boolean DEFAULT false NOT NULL,
	"in_progress_mail" boolean DEFAULT false NOT NULL,
	"release_mail" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"channel" text DEFAULT 'stable' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"notes_fr" text NOT NULL,
	"notes_en" text NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_version_unique" UNIQUE("version"),
	CONSTRAINT "releases_channel_valid" CHECK (channel IN ('stable', 'beta')),
	CONSTRAINT "releases_state_valid" CHECK (state IN ('draft', 'published', 'withdrawn')),
	CONSTRAINT "releases_published_dated" CHECK ("releases"."state" = 'draft' OR "releases"."published_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "voter_notifications" (
	"user_id" uuid NOT NULL,
	"roadmap_item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"release_id" uuid,
	"mail_job_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voter_notifications_user_id_roadmap_item_id_kind_pk" PRIMARY KEY("user_id","roadmap_item_id","kind"),
	CONSTRAINT "voter_notifications_kind_valid" CHECK (kind IN ('shipped', 'in_progress'))
);
--> statement-breakpoint
ALTER TABLE "release_artifacts" ADD CONSTRAINT "release_artifacts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_artifact_id_release_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."release_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_items" ADD CONSTRAINT "release_items_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_items" ADD CONSTRAINT "release_items_roadmap_item_id_roadmap_items_id_fk" FOREIGN KEY ("roadmap_item_id") REFERENCES "public"."roadmap_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_preferences" ADD CONSTRAINT "release_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voter_notifications" ADD CONSTRAINT "voter_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voter_notifications" ADD CONSTRAINT "voter_notifications_roadmap_item_id_roadmap_items_id_fk" FOREIGN KEY ("roadmap_item_id") REFERENCES "public"."roadmap_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voter_notifications" ADD CONSTRAINT "voter_notifications_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_downloads_license_idx" ON "release_downloads" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "release_items_roadmap_item_idx" ON "release_items" USING btree ("roadmap_item_id");