CREATE TABLE "prospect_imports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows_received" integer DEFAULT 0 NOT NULL,
	"rows_created" integer DEFAULT 0 NOT NULL,
	"rows_refused" integer DEFAULT 0 NOT NULL,
	"refused_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reverted_at" timestamp with time zone,
	"reverted_by" uuid,
	"revert_removed" integer,
	"revert_kept" integer,
	CONSTRAINT "prospect_imports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "prospect_imports" ADD CONSTRAINT "prospect_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_imports" ADD CONSTRAINT "prospect_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_imports" ADD CONSTRAINT "prospect_imports_reverted_by_users_id_fk" FOREIGN KEY ("reverted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospect_imports_id_idx" ON "prospect_imports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "prospect_imports_tenant_created_idx" ON "prospect_imports" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prospect_imports_created_by_idx" ON "prospect_imports" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "prospect_imports_reverted_by_idx" ON "prospect_imports" USING btree ("reverted_by");--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_import_fk" FOREIGN KEY ("tenant_id","import_id") REFERENCES "public"."prospect_imports"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospects_import_idx" ON "prospects" USING btree ("tenant_id","import_id") WHERE "prospects"."import_id" is not null;