-- wall_context_inlined: hand-written
-- The functions the policies read their context with are now inlined into each statement's plan.
-- A LANGUAGE sql function with a SET clause (0037 gave every function its own search_path) is
-- never inlined: each call site was parsed and planned anew in every statement, with the
-- search_path switched in and out around it, about 0.05 ms apiece, and a list statement reading
-- prospects or leads with their status and stage has nine to eleven of them (EXPLAIN ANALYZE of
-- the leads page: 1.1 ms to execute, against 0.04 ms for the bare page query). Without a SET
-- clause, with one SELECT over built-ins of pg_catalog (which every search_path, pg_dump's empty
-- one too, searches first) and without calling one another, PostgreSQL inlines them: each policy's
-- (SELECT ...) stays one InitPlan per statement, now over current_setting() alone. No argument,
-- so no row's value ever reaches them: LEAKPROOF would change nothing.
-- server/src/db/wall/__tests__/function-search-path.test.ts names these as the only functions
-- without a search_path of their own, and checks that a plan shows them inlined.
CREATE OR REPLACE FUNCTION orbitra_sees_all_tenants() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(pg_catalog.current_setting('orbitra.scope', true), '') IN ('system', 'admin')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orbitra_tenant_ids() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(pg_catalog.current_setting('orbitra.tenant_ids', true), ''), '{}')::pg_catalog.uuid[]
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orbitra_user_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(pg_catalog.current_setting('orbitra.user_id', true), '')::pg_catalog.uuid
$$;
--> statement-breakpoint
-- As before: system and admin contexts see every owner (orbitra_sees_all_tenants, written out here).
CREATE OR REPLACE FUNCTION orbitra_sees_all_owners() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(pg_catalog.current_setting('orbitra.scope', true), '') IN ('system', 'admin')
    OR coalesce(pg_catalog.current_setting('orbitra.owner_ids', true), '') = '*'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orbitra_owner_ids() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(pg_catalog.current_setting('orbitra.owner_ids', true), '') IN ('', '*') THEN '{}'::pg_catalog.uuid[]
    ELSE pg_catalog.current_setting('orbitra.owner_ids', true)::pg_catalog.uuid[] END
$$;
