-- tenant_wall: hand-written
-- Row-level security: the database itself keeps each request to the tenants its user may use.
-- The app works as the role orbitra_app (no login, no BYPASSRLS, owns nothing); migrations run as the owner.
-- The context comes from transaction-local settings (server/src/db/wall/context.ts):
-- orbitra.scope ('system', 'admin' or 'member'), orbitra.tenant_ids (uuid[]), orbitra.user_id.

-- Roles are cluster-wide: another database of the cluster (or a migration running in parallel) may
-- have made it first. Run again at every start (server/src/db/migrate.ts), so a database restored
-- into a fresh cluster, or with its privileges left out, gets its role and grants back.
CREATE OR REPLACE FUNCTION orbitra_ensure_app_role() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'orbitra_app') THEN
    BEGIN
      CREATE ROLE orbitra_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'orbitra_app', 'MEMBER') THEN
    EXECUTE format('GRANT orbitra_app TO %I', current_user);
  END IF;
  GRANT USAGE ON SCHEMA public TO orbitra_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO orbitra_app;
  GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO orbitra_app;
  -- The audit trail is append-only for the app.
  REVOKE UPDATE, DELETE, TRUNCATE ON audit_events FROM orbitra_app;
END $$;
--> statement-breakpoint
-- STABLE and read through (SELECT ...) in the policies: evaluated once per statement, not per row.
CREATE OR REPLACE FUNCTION orbitra_sees_all_tenants() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('orbitra.scope', true), '') IN ('system', 'admin')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orbitra_tenant_ids() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(current_setting('orbitra.tenant_ids', true), ''), '{}')::uuid[]
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orbitra_user_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('orbitra.user_id', true), '')::uuid
$$;
--> statement-breakpoint
-- The wall of one tenant-scoped table: forced (the owner obeys it too), rows of the context's tenants only.
CREATE OR REPLACE FUNCTION orbitra_tenant_wall(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_wall ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_wall ON %s USING (%2$s) WITH CHECK (%2$s)',
    tbl,
    '(SELECT orbitra_sees_all_tenants()) OR tenant_id = ANY ((SELECT orbitra_tenant_ids())::uuid[])'
  );
END $$;
--> statement-breakpoint
-- The tenant-scoped tables, in one place. A table added later: SELECT orbitra_tenant_wall('its_name');
-- server/src/db/wall/__tests__ fails while a table with a tenant_id column has no wall.
SELECT orbitra_tenant_wall(t::regclass) FROM unnest(ARRAY[
  'status_options', 'pipeline_stages', 'prospects', 'prospect_counters', 'leads', 'goals', 'goal_daily_calls',
  'crm_activities', 'quotations', 'quotation_counters', 'quotation_events', 'prospect_imports', 'call_queue_claims', 'callbacks'
]) AS t;
--> statement-breakpoint
-- A tenant row itself: its own users see it; creating, renaming or deleting one takes every tenant's scope.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON tenants FOR SELECT USING ((SELECT orbitra_sees_all_tenants()) OR id = ANY ((SELECT orbitra_tenant_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY tenant_wall_manage ON tenants USING ((SELECT orbitra_sees_all_tenants())) WITH CHECK ((SELECT orbitra_sees_all_tenants()));
--> statement-breakpoint
-- The audit trail: entries of the context's tenants (and a user's own entries without a tenant).
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON audit_events FOR SELECT USING (
  (SELECT orbitra_sees_all_tenants()) OR tenant_id = ANY ((SELECT orbitra_tenant_ids())::uuid[]) OR (tenant_id IS NULL AND actor_user_id = (SELECT orbitra_user_id()))
);
--> statement-breakpoint
CREATE POLICY tenant_wall_append ON audit_events FOR INSERT WITH CHECK (
  (SELECT orbitra_sees_all_tenants()) OR tenant_id = ANY ((SELECT orbitra_tenant_ids())::uuid[]) OR tenant_id IS NULL
);
--> statement-breakpoint
SELECT orbitra_ensure_app_role();
