CREATE TABLE "products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "products_unit_valid" CHECK ("products"."unit" in ('hour', 'day', 'unit', 'month')),
	CONSTRAINT "products_name_length" CHECK (char_length("products"."name") between 1 and 200),
	CONSTRAINT "products_description_length" CHECK (char_length("products"."description") <= 280),
	CONSTRAINT "products_price_range" CHECK ("products"."price_cents" between 0 and 1000000000),
	CONSTRAINT "products_tax_rate_range" CHECK ("products"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "products_currency_valid" CHECK ("products"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_id_idx" ON "products" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_name_unique" ON "products" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_by_idx" ON "products" USING btree ("created_by");--> statement-breakpoint
-- products: hand-written
-- The catalogue is the tenant's: behind the tenant wall like every tenant table. Every member of the
-- tenant reads it (it has no owner); who may change it the server decides (the tenant's setup changes).
SELECT orbitra_tenant_wall('products');--> statement-breakpoint
SELECT orbitra_ensure_app_role();
