-- The two groups every installation has from the start: is_admin and is_staff are membership of them.
INSERT INTO "groups" ("name", "description") VALUES
  ('admin', 'Administrators: manage users, groups and tenants; work in every tenant'),
  ('staff', 'Staff members: work in the CRM of their home tenant')
ON CONFLICT ("name") DO NOTHING;
