-- The reports read leads by when they were created, won and lost, and prospects by when they were
-- created, over ranges of up to three years. Each index carries the columns its report sums and
-- the owner the visibility rule checks, so a report reads the index alone, not the wide rows.
CREATE INDEX "leads_created_report_idx" ON "leads" USING btree ("tenant_id","created_at") INCLUDE ("pipeline_stage_id","value","probability","owner_id");--> statement-breakpoint
CREATE INDEX "leads_won_report_idx" ON "leads" USING btree ("tenant_id","won_at") INCLUDE ("value","owner_id","created_at") WHERE "won_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_lost_report_idx" ON "leads" USING btree ("tenant_id","lost_at") INCLUDE ("value","owner_id","lost_reason") WHERE "lost_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "prospects_created_report_idx" ON "prospects" USING btree ("tenant_id","created_at") INCLUDE ("owner_id");
