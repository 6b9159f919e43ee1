CREATE TABLE "quotation_documents" (
	"tenant_id" uuid NOT NULL,
	"quotation_id" uuid NOT NULL,
	"pdf" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_documents_tenant_id_quotation_id_pk" PRIMARY KEY("tenant_id","quotation_id")
);
--> statement-breakpoint
ALTER TABLE "quotation_documents" ADD CONSTRAINT "quotation_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_documents" ADD CONSTRAINT "quotation_documents_quotation_fk" FOREIGN KEY ("tenant_id","quotation_id") REFERENCES "public"."quotations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- quotation documents: hand-written
-- The PDF a client decided on, kept with its quotation; a decided quotation's downloads serve it.
SELECT orbitra_tenant_wall('quotation_documents');--> statement-breakpoint
SELECT orbitra_ensure_app_role();
