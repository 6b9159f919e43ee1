-- The database's wall: every row-level security policy of the app, the tables' row security and the
-- functions the policies read, in one place. Whatever a migration once made, the rules in force are
-- these, and only these.
--
-- The server applies this file at every start, after the migrations, as the owner and under the
-- migrations' lock (server/src/db/migrate.ts, server/src/db/wall/policies.ts). It first checks the
-- database against the file without locking a table, and applies nothing when they agree; otherwise,
-- in one transaction, every policy of the app's tables is dropped, row security this file does not
-- turn on is turned off, and this file runs. The start logs what it changed or removed.
-- server/src/db/wall/__tests__/policies.test.ts fails while the database's policies are not exactly
-- these. A new, changed or removed rule is edited here, not in a migration: a new table comes in a
-- migration, its policies and row security here.
--
-- Name tables without their schema (the check runs this file against stand-ins of them), and give
-- every function its own search_path except the inlined context functions (function-search-path.test.ts).
--
-- The request's context comes from transaction-local settings the server sets per transaction
-- (server/src/db/wall/context.ts): orbitra.scope ('system', 'admin' or 'member'), orbitra.tenant_ids
-- (uuid[]), orbitra.user_id, and orbitra.owner_ids ('*' for every owner, else a uuid[]).


-- The context, read by the policies through (SELECT ...): one InitPlan per statement, not a call per
-- row. No SET clause and one SELECT over pg_catalog's built-ins (which every search_path, pg_dump's
-- empty one too, searches first), so PostgreSQL inlines them into each statement's plan; a SET clause
-- would have each call site parsed and planned anew in every statement. No argument, so no row's
-- value ever reaches them.

-- System and admin contexts see every tenant.
CREATE OR REPLACE FUNCTION orbitra_sees_all_tenants() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(pg_catalog.current_setting('orbitra.scope', true), '') IN ('system', 'admin')
$$;

CREATE OR REPLACE FUNCTION orbitra_tenant_ids() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(pg_catalog.current_setting('orbitra.tenant_ids', true), ''), '{}')::pg_catalog.uuid[]
$$;

CREATE OR REPLACE FUNCTION orbitra_user_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(pg_catalog.current_setting('orbitra.user_id', true), '')::pg_catalog.uuid
$$;

-- The owners whose records the context's user sees besides unassigned ones: every owner (visibility
-- all, and system and admin contexts, orbitra_sees_all_tenants written out), else the listed ones
-- (own: the user; team: the team's members). A context that does not say sees no one's records.
CREATE OR REPLACE FUNCTION orbitra_sees_all_owners() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(pg_catalog.current_setting('orbitra.scope', true), '') IN ('system', 'admin')
    OR coalesce(pg_catalog.current_setting('orbitra.owner_ids', true), '') = '*'
$$;

CREATE OR REPLACE FUNCTION orbitra_owner_ids() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(pg_catalog.current_setting('orbitra.owner_ids', true), '') IN ('', '*') THEN '{}'::pg_catalog.uuid[]
    ELSE pg_catalog.current_setting('orbitra.owner_ids', true)::pg_catalog.uuid[] END
$$;


-- The tenant wall: a tenant's rows are seen and written only in a context of that tenant (every
-- tenant for system and admin contexts). Enabled and forced, so the owner obeys it too: a data
-- migration starts with SELECT set_config('orbitra.scope', 'system', true).
-- A new table with a tenant_id: its line here (wall-coverage.test.ts fails while one has no wall).
-- users is not here: people are global, their tenant_id a home tenant (sign-in finds them before any tenant is known).
DO $$
DECLARE
  tenant_rows constant text := '(SELECT orbitra_sees_all_tenants()) OR tenant_id = ANY ((SELECT orbitra_tenant_ids())::uuid[])';
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY[
    'call_queue_claims',
    'callbacks',
    'calls',
    'crm_activities',
    'goals',
    'lead_counters',
    'leads',
    'mail_outbox',
    'mail_templates',
    'notifications',
    'pipeline_stages',
    'products',
    'prospect_counters',
    'prospect_imports',
    'prospect_owner_counters',
    'prospects',
    'quotation_counters',
    'quotation_documents',
    'quotation_events',
    'quotations',
    'record_mails',
    'record_notes',
    'saved_views',
    'status_options',
    'tasks',
    'team_members',
    'teams',
    'tenant_quotation_profiles'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('CREATE POLICY tenant_wall ON %I USING (%s) WITH CHECK (%s)', tbl, tenant_rows, tenant_rows);
  END LOOP;
END $$;

-- A tenant row itself: its own users see it; creating, renaming or deleting one takes every tenant's scope.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_wall ON tenants FOR SELECT USING ((SELECT orbitra_sees_all_tenants()) OR id = ANY ((SELECT orbitra_tenant_ids())::uuid[]));
CREATE POLICY tenant_wall_manage ON tenants USING ((SELECT orbitra_sees_all_tenants())) WITH CHECK ((SELECT orbitra_sees_all_tenants()));

-- The audit trail: entries of the context's tenants, and a user's own entries without a tenant.
-- Append-only for the app: no policy lets a row be changed or deleted (and the app role has no
-- grant to, orbitra_ensure_app_role).
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_wall ON audit_events FOR SELECT USING (
  (SELECT orbitra_sees_all_tenants()) OR tenant_id = ANY ((SELECT orbitra_tenant_ids())::uuid[]) OR (tenant_id IS NULL AND actor_user_id = (SELECT orbitra_user_id()))
);
CREATE POLICY tenant_wall_append ON audit_events FOR INSERT WITH CHECK (
  (SELECT orbitra_sees_all_tenants()) OR tenant_id = ANY ((SELECT orbitra_tenant_ids())::uuid[]) OR tenant_id IS NULL
);

-- The website's contact messages carry no tenant: they follow the tenant marked as receiving website
-- enquiries, so a request sees them only when its user works in that tenant (admins and system work
-- see all of them).
ALTER TABLE support_messages ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY website_inbox ON support_messages USING (
  (SELECT orbitra_sees_all_tenants())
  OR EXISTS (SELECT 1 FROM public.tenants t WHERE t.receives_website_enquiries AND t.id = ANY ((SELECT orbitra_tenant_ids())::uuid[]))
) WITH CHECK (
  (SELECT orbitra_sees_all_tenants())
  OR EXISTS (SELECT 1 FROM public.tenants t WHERE t.receives_website_enquiries AND t.id = ANY ((SELECT orbitra_tenant_ids())::uuid[]))
);


-- The owner wall of the records with an owner_id, restrictive, so it narrows the tenant wall. Reading,
-- changing and deleting a row need its owner to be visible; a change may hand the row to any owner
-- (assigning a record to a colleague), and inserting is the tenant wall's alone.
-- A new table whose owner_id says whose record it is: its line here (wall-coverage.test.ts).
DO $$
DECLARE
  visible constant text := '(SELECT orbitra_sees_all_owners()) OR owner_id IS NULL OR owner_id = ANY ((SELECT orbitra_owner_ids())::uuid[])';
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY[
    'leads',
    'prospects',
    'quotations'
  ] LOOP
    EXECUTE format('CREATE POLICY owner_wall_read ON %I AS RESTRICTIVE FOR SELECT USING (%s)', tbl, visible);
    EXECUTE format('CREATE POLICY owner_wall_change ON %I AS RESTRICTIVE FOR UPDATE USING (%s) WITH CHECK (true)', tbl, visible);
    EXECUTE format('CREATE POLICY owner_wall_delete ON %I AS RESTRICTIVE FOR DELETE USING (%s)', tbl, visible);
  END LOOP;
END $$;


-- The record wall: a row about a prospect or lead (its prospect_id, lead_id) is seen, changed and
-- deleted only by whoever sees its record. The lookups pass the owner wall of prospects and leads,
-- so the rows follow their record's visibility, also when it is handed on.
CREATE OR REPLACE FUNCTION orbitra_sees_note_record(note_tenant uuid, note_prospect uuid, note_lead uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT (note_lead IS NOT NULL AND EXISTS (SELECT 1 FROM leads l WHERE l.tenant_id = note_tenant AND l.id = note_lead))
    OR (note_prospect IS NOT NULL AND EXISTS (SELECT 1 FROM prospects p WHERE p.tenant_id = note_tenant AND p.id = note_prospect))
$$;

-- A new table of rows about a record: its line here. A task is seen through its record whoever it
-- is assigned to (its owner_id is whom it is for).
DO $$
DECLARE
  visible constant text := '(SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id)';
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY[
    'record_mails',
    'record_notes',
    'tasks'
  ] LOOP
    EXECUTE format('CREATE POLICY record_wall_read ON %I AS RESTRICTIVE FOR SELECT USING (%s)', tbl, visible);
    EXECUTE format('CREATE POLICY record_wall_change ON %I AS RESTRICTIVE FOR UPDATE USING (%s) WITH CHECK (true)', tbl, visible);
    EXECUTE format('CREATE POLICY record_wall_delete ON %I AS RESTRICTIVE FOR DELETE USING (%s)', tbl, visible);
  END LOOP;
END $$;


-- The recipient wall: a notification is its user's alone, admins' too. Reading, marking and deleting
-- one need the context's user to be its user (system work, the due sweep and the seed, passes).
-- Writing one is the tenant wall's alone, as an event's author writes it for someone else.
CREATE OR REPLACE FUNCTION orbitra_is_notified(notified uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT coalesce(current_setting('orbitra.scope', true), '') = 'system' OR notified = (SELECT orbitra_user_id())
$$;

-- And only while its user still sees the record it is about: the lookups pass the owner wall of
-- prospects, leads and quotations, so a record handed on out of sight takes its notifications along.
CREATE OR REPLACE FUNCTION orbitra_sees_notification_record(n_tenant uuid, n_prospect uuid, n_lead uuid, n_quotation uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT (n_prospect IS NULL OR EXISTS (SELECT 1 FROM prospects p WHERE p.tenant_id = n_tenant AND p.id = n_prospect))
    AND (n_lead IS NULL OR EXISTS (SELECT 1 FROM leads l WHERE l.tenant_id = n_tenant AND l.id = n_lead))
    AND (n_quotation IS NULL OR EXISTS (SELECT 1 FROM quotations q WHERE q.tenant_id = n_tenant AND q.id = n_quotation))
$$;

CREATE POLICY recipient_wall_read ON notifications AS RESTRICTIVE FOR SELECT
  USING (orbitra_is_notified(user_id) AND ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_notification_record(tenant_id, prospect_id, lead_id, quotation_id)));
CREATE POLICY recipient_wall_change ON notifications AS RESTRICTIVE FOR UPDATE
  USING (orbitra_is_notified(user_id) AND ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_notification_record(tenant_id, prospect_id, lead_id, quotation_id)))
  WITH CHECK (true);
CREATE POLICY recipient_wall_delete ON notifications AS RESTRICTIVE FOR DELETE USING (orbitra_is_notified(user_id));
