CREATE TABLE "saved_views" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"query" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "saved_views_target_valid" CHECK ("saved_views"."target" in ('prospects', 'leads', 'board'))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_id_idx" ON "saved_views" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_target_name_unique" ON "saved_views" USING btree ("tenant_id","user_id","target",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("tenant_id","target") WHERE "saved_views"."shared";--> statement-breakpoint
-- saved views: hand-written
SELECT orbitra_tenant_wall('saved_views');--> statement-breakpoint
SELECT orbitra_ensure_app_role();
