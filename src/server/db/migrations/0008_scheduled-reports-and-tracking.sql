CREATE TABLE "brand_tracking_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"period" varchar(7) NOT NULL,
	"audit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_report_opt_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_report_id" uuid NOT NULL,
	"email" varchar(320) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_report_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"kind" text DEFAULT 'scheduled' NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_reports" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_reports" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "brand_tracking_runs" ADD CONSTRAINT "brand_tracking_runs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_tracking_runs" ADD CONSTRAINT "brand_tracking_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_report_opt_outs" ADD CONSTRAINT "email_report_opt_outs_email_report_id_email_reports_id_fk" FOREIGN KEY ("email_report_id") REFERENCES "public"."email_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_report_runs" ADD CONSTRAINT "email_report_runs_email_report_id_email_reports_id_fk" FOREIGN KEY ("email_report_id") REFERENCES "public"."email_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_report_runs" ADD CONSTRAINT "email_report_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_tracking_runs_brand_id_period_index" ON "brand_tracking_runs" USING btree ("brand_id","period");--> statement-breakpoint
CREATE INDEX "brand_tracking_runs_user_id_index" ON "brand_tracking_runs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_report_opt_outs_email_report_id_email_index" ON "email_report_opt_outs" USING btree ("email_report_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "email_report_runs_email_report_id_slot_kind_index" ON "email_report_runs" USING btree ("email_report_id","slot","kind");--> statement-breakpoint
CREATE INDEX "email_report_runs_user_id_index" ON "email_report_runs" USING btree ("user_id");