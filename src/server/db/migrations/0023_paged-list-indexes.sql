DROP INDEX "audits_user_id_index";--> statement-breakpoint
DROP INDEX "competitor_reports_brand_id_created_at_index";--> statement-breakpoint
DROP INDEX "sentiment_reports_brand_id_created_at_index";--> statement-breakpoint
DROP INDEX "notifications_user_id_created_at_index";--> statement-breakpoint
DROP INDEX "notifications_brand_id_created_at_index";--> statement-breakpoint
DROP INDEX "outbox_messages_created_at_index";--> statement-breakpoint
DROP INDEX "support_messages_status_created_at_index";--> statement-breakpoint
CREATE INDEX "audits_user_id_created_at_id_index" ON "audits" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ad_library_entries_figures" ON "ad_library_entries" USING btree ("competitor_id","is_active","platform");--> statement-breakpoint
CREATE INDEX "competitor_reports_brand_id_created_at_id_index" ON "competitor_reports" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sentiment_reports_brand_id_created_at_id_index" ON "sentiment_reports" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_id_index" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_brand_id_created_at_id_index" ON "notifications" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_id_index" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_status_created_at_id_index" ON "outbox_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_messages_status_created_at_id_index" ON "support_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_messages_created_at_id_index" ON "support_messages" USING btree ("created_at","id");