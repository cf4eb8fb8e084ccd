ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_unique";--> statement-breakpoint
CREATE INDEX "payments_order_id_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_attempt_per_order" ON "payments" USING btree ("order_id") WHERE status IN ('created', 'pending');