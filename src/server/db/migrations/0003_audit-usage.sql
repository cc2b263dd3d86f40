CREATE TABLE "audit_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"audit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_usage" ADD CONSTRAINT "audit_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_usage" ADD CONSTRAINT "audit_usage_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_usage_user_id_created_at_index" ON "audit_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_usage_audit_id_index" ON "audit_usage" USING btree ("audit_id");--> statement-breakpoint
-- Audits started before this table existed count as used.
INSERT INTO "audit_usage" ("user_id", "audit_id", "created_at") SELECT "user_id", "id", "created_at" FROM "audits";
