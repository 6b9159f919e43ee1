CREATE TABLE "tenant_quotation_profiles" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"company_phone" text DEFAULT '' NOT NULL,
	"company_email" text DEFAULT '' NOT NULL,
	"company_website" text DEFAULT '' NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"logo_base64" text,
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_quotation_profiles_logo_type_check" CHECK ("logo_type" IN ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "tenant_quotation_profiles" ADD CONSTRAINT "tenant_quotation_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT orbitra_tenant_wall('tenant_quotation_profiles');
