-- website inbox: hand-written
-- The contact form's messages belong to one tenant, the one marked as receiving website enquiries:
-- the first tenant (by creation) until an admin marks another. At most one is marked (the index);
-- the app marks one whenever tenants exist.
ALTER TABLE tenants ADD COLUMN receives_website_enquiries boolean NOT NULL DEFAULT false;--> statement-breakpoint
UPDATE tenants SET receives_website_enquiries = true
  WHERE id = (SELECT id FROM tenants ORDER BY created_at, id LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX tenants_one_website_inbox ON tenants ((true)) WHERE receives_website_enquiries;--> statement-breakpoint
-- The messages carry no tenant: they follow the mark, so the database lets a request see them only
-- when its user works in the marked tenant (admins and system work see all of them).
ALTER TABLE support_messages ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE support_messages FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY website_inbox ON support_messages USING (
  (SELECT orbitra_sees_all_tenants())
  OR EXISTS (SELECT 1 FROM public.tenants t WHERE t.receives_website_enquiries AND t.id = ANY ((SELECT orbitra_tenant_ids())::uuid[]))
) WITH CHECK (
  (SELECT orbitra_sees_all_tenants())
  OR EXISTS (SELECT 1 FROM public.tenants t WHERE t.receives_website_enquiries AND t.id = ANY ((SELECT orbitra_tenant_ids())::uuid[]))
);--> statement-breakpoint
SELECT orbitra_ensure_app_role();
