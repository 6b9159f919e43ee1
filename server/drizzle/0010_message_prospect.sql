ALTER TABLE "support_messages" ADD COLUMN "prospect_tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "prospect_id" uuid;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_prospect_fk" FOREIGN KEY ("prospect_tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_prospect_idx" ON "support_messages" USING btree ("prospect_tenant_id","prospect_id") WHERE "support_messages"."prospect_id" is not null;