ALTER TABLE "subscriptions" ADD COLUMN "first_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_report_runs" ADD COLUMN "request_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "email_report_runs_email_report_id_request_id_index" ON "email_report_runs" USING btree ("email_report_id","request_id");