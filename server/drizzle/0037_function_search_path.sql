-- Every function of ours names its own search_path. pg_dump and pg_restore run with an empty one,
-- and a policy's function that called another unqualified (orbitra_sees_all_owners calling
-- orbitra_sees_all_tenants) failed as soon as the dump read a table under the owner wall with a
-- role the wall applies to ("function orbitra_sees_all_tenants() does not exist"). With its own
-- setting a function resolves names the same way whoever calls it. The policies wrap each call in
-- a sub-select, evaluated once per statement, so the SQL functions no longer being inlined costs
-- nothing per row. Functions of extensions are the extensions' own. A function created or replaced
-- later must say SET search_path itself: server/src/db/wall/__tests__/function-search-path.test.ts
-- fails while one does not.
DO $$
DECLARE
  fn regprocedure;
BEGIN
  FOR fn IN
    SELECT p.oid::regprocedure
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      AND NOT EXISTS (SELECT 1 FROM unnest(coalesce(p.proconfig, '{}')) AS setting WHERE setting LIKE 'search_path=%')
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET search_path = public, pg_temp', fn);
  END LOOP;
END $$;
