-- Who may change a tenant's setup (its statuses, pipeline stages with their probabilities, and goals):
-- everyone working in the tenant, as before, or its admins only.
ALTER TABLE tenants ADD COLUMN setup_changes text NOT NULL DEFAULT 'everyone';--> statement-breakpoint
ALTER TABLE tenants ADD CONSTRAINT tenants_setup_changes_valid CHECK (setup_changes IN ('everyone', 'admins'));
