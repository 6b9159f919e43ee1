CREATE TABLE "call_queue_claims" (
	"tenant_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"caller" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_queue_claims_tenant_id_prospect_id_pk" PRIMARY KEY("tenant_id","prospect_id")
);
--> statement-breakpoint
CREATE TABLE "callbacks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"prospect_id" uuid NOT NULL,
	"owner" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callbacks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "call_queue_claims" ADD CONSTRAINT "call_queue_claims_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_queue_claims" ADD CONSTRAINT "call_queue_claims_caller_users_id_fk" FOREIGN KEY ("caller") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_queue_claims" ADD CONSTRAINT "call_queue_claims_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_queue_claims_caller_idx" ON "call_queue_claims" USING btree ("caller");--> statement-breakpoint
CREATE INDEX "callbacks_open_owner_idx" ON "callbacks" USING btree ("tenant_id","owner","due_at") WHERE "callbacks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "callbacks_open_prospect_idx" ON "callbacks" USING btree ("tenant_id","prospect_id") WHERE "callbacks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "callbacks_owner_idx" ON "callbacks" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "prospects_active_queue_idx" ON "prospects" USING btree ("tenant_id","last_contacted" NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prospects"."state" = 'active';