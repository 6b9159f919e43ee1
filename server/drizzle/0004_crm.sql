CREATE TABLE "crm_activities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"prospect_id" uuid,
	"lead_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "goal_daily_calls" (
	"tenant_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calls_made" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goal_daily_calls_tenant_id_goal_id_day_pk" PRIMARY KEY("tenant_id","goal_id","day")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"target_count" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "goals_target_positive" CHECK ("goals"."target_count" > 0),
	CONSTRAINT "goals_end_after_start" CHECK ("goals"."end_date" > "goals"."start_date")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"prospect_id" uuid,
	"name" text NOT NULL,
	"phone1" text NOT NULL,
	"phone2" text,
	"phone3" text,
	"email" text,
	"industry" text,
	"city" text,
	"website" text,
	"anchor_href_link" text,
	"manager" text,
	"employees" text,
	"founding_date" text,
	"address" text,
	"description" text,
	"status_id" uuid,
	"pipeline_stage_id" uuid,
	"last_contacted" timestamp with time zone,
	"assigned_to" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"color" text DEFAULT '#6B7280' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_stages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prospect_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone1" text NOT NULL,
	"phone2" text,
	"phone3" text,
	"email" text,
	"industry" text,
	"city" text,
	"website" text,
	"anchor_href_link" text,
	"manager" text,
	"employees" text,
	"founding_date" text,
	"address" text,
	"description" text,
	"status_id" uuid,
	"pipeline_stage_id" uuid,
	"last_contacted" timestamp with time zone,
	"phone_digits" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospects_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "prospects_state_valid" CHECK ("prospects"."state" in ('active', 'converted', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "status_options" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"converts_to_lead" boolean DEFAULT false NOT NULL,
	"removes_from_prospects" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_options_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_lead_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_daily_calls" ADD CONSTRAINT "goal_daily_calls_goal_fk" FOREIGN KEY ("tenant_id","goal_id") REFERENCES "public"."goals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_fk" FOREIGN KEY ("tenant_id","status_id") REFERENCES "public"."status_options"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_stage_fk" FOREIGN KEY ("tenant_id","pipeline_stage_id") REFERENCES "public"."pipeline_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_counters" ADD CONSTRAINT "prospect_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_status_fk" FOREIGN KEY ("tenant_id","status_id") REFERENCES "public"."status_options"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_stage_fk" FOREIGN KEY ("tenant_id","pipeline_stage_id") REFERENCES "public"."pipeline_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_options" ADD CONSTRAINT "status_options_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_activities_prospect_idx" ON "crm_activities" USING btree ("tenant_id","prospect_id");--> statement-breakpoint
CREATE INDEX "crm_activities_lead_idx" ON "crm_activities" USING btree ("tenant_id","lead_id");--> statement-breakpoint
CREATE INDEX "crm_activities_user_id_idx" ON "crm_activities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "goal_daily_calls_tenant_day_idx" ON "goal_daily_calls" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "goals_id_idx" ON "goals" USING btree ("id");--> statement-breakpoint
CREATE INDEX "goals_user_id_idx" ON "goals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "goals_tenant_dates_idx" ON "goals" USING btree ("tenant_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "leads_id_idx" ON "leads" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_prospect_unique" ON "leads" USING btree ("tenant_id","prospect_id") WHERE "leads"."prospect_id" is not null;--> statement-breakpoint
CREATE INDEX "leads_page_idx" ON "leads" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("tenant_id","status_id");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("tenant_id","pipeline_stage_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_assigned_to_idx" ON "leads" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("tenant_id",lower("name" || ' ' || coalesce("email", '') || ' ' || "phone1") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pipeline_stages_id_idx" ON "pipeline_stages" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_stages_tenant_name_unique" ON "pipeline_stages" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "prospects_id_idx" ON "prospects" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_tenant_phone_unique" ON "prospects" USING btree ("tenant_id","phone_digits") WHERE "prospects"."phone_digits" <> '';--> statement-breakpoint
CREATE INDEX "prospects_active_page_idx" ON "prospects" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prospects"."state" = 'active';--> statement-breakpoint
CREATE INDEX "prospects_active_status_idx" ON "prospects" USING btree ("tenant_id","status_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prospects"."state" = 'active';--> statement-breakpoint
CREATE INDEX "prospects_active_stage_idx" ON "prospects" USING btree ("tenant_id","pipeline_stage_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prospects"."state" = 'active';--> statement-breakpoint
CREATE INDEX "prospects_status_idx" ON "prospects" USING btree ("tenant_id","status_id");--> statement-breakpoint
CREATE INDEX "prospects_stage_idx" ON "prospects" USING btree ("tenant_id","pipeline_stage_id");--> statement-breakpoint
CREATE INDEX "prospects_search_trgm_idx" ON "prospects" USING gin ("tenant_id",lower("name" || ' ' || coalesce("email", '') || ' ' || "phone1") gin_trgm_ops) WHERE "prospects"."state" = 'active';--> statement-breakpoint
CREATE INDEX "status_options_id_idx" ON "status_options" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "status_options_tenant_name_unique" ON "status_options" USING btree ("tenant_id",lower("name"));