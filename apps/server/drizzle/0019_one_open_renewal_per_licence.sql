ALTER TABLE "orders" ADD COLUMN "renews_license_id" uuid;--> statement-breakpoint
-- Every renewal order names the licence it renews.
UPDATE "orders" SET "renews_license_id" = r."license_id" FROM "license_renewals" r WHERE r."order_id" = "orders"."id";--> statement-breakpoint
-- Nothing stopped two open renewal orders of one licence before: the newest keeps its link, the
-- older ones lose it (still payable as they were, only outside the new rule) rather than be
-- cancelled by a migration while a payment may be on its way.
UPDATE "orders" SET "renews_license_id" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "renews_license_id" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
    FROM "orders"
    WHERE "renews_license_id" IS NOT NULL AND "status" IN ('pending', 'processing', 'failed')
  ) AS "open_renewals" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_renewal_per_license" ON "orders" USING btree ("renews_license_id") WHERE renews_license_id IS NOT NULL AND status IN ('pending', 'processing', 'failed');
