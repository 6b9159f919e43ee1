ALTER TABLE "leads" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (coalesce(substr(phone1_e164, 2), '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_tenant_phone_idx" ON "leads" USING btree ("tenant_id","phone_digits") WHERE "leads"."phone_digits" <> '';
--> statement-breakpoint
-- one_company_per_phone: hand-written
-- A Phone1 belongs to one company of the tenant: one prospect or lead (a lead may keep the number of
-- the prospect it was made from). Prospects among themselves have their unique index; these
-- triggers hold the rule across the two tables, for every way a number is written (add, edit,
-- upload, conversion), also when two requests write one number at once: a writer of a lead, or of
-- a prospect's edited number, takes the tenant's phone lock shared and the number's lock alone;
-- an insert of prospects (one row or an upload's many, one statement) takes the tenant's lock
-- alone, once. So the second of two writers of one number waits for the first to commit, then
-- finds its row. The check looks past the owner wall (a number held by a record the writer does not
-- see is taken all the same) but never past the tenant wall. It binds the app's role: the owner's
-- own maintenance (migrations, the start's phone fill of rows from before the rule) keeps rows as
-- they are. The refusal is a unique violation of `one_company_per_phone`, which the server answers
-- with 409 naming phone1; the services name the holder first when they see it.
CREATE OR REPLACE FUNCTION orbitra_phone_holder_exists(p_tenant uuid, p_digits text, p_prospect uuid, p_lead uuid) RETURNS boolean
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  owners text := current_setting('orbitra.owner_ids', true);
  found_one boolean;
BEGIN
  PERFORM set_config('orbitra.owner_ids', '*', true);
  SELECT EXISTS (SELECT 1 FROM prospects p WHERE p.tenant_id = p_tenant AND p.phone_digits = p_digits AND p.id IS DISTINCT FROM p_prospect)
      OR EXISTS (SELECT 1 FROM leads l WHERE l.tenant_id = p_tenant AND l.phone_digits = p_digits AND l.id IS DISTINCT FROM p_lead
                 AND (p_lead IS NOT NULL OR l.prospect_id IS DISTINCT FROM p_prospect))
    INTO found_one;
  PERFORM set_config('orbitra.owner_ids', coalesce(owners, ''), true);
  RETURN found_one;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orbitra_phone_refused() RETURNS void LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'phone1: another prospect or lead of the tenant has this phone number'
    USING ERRCODE = 'unique_violation', CONSTRAINT = 'one_company_per_phone';
END
$$;
--> statement-breakpoint
-- A lead added, converted or edited (its number or its prospect): no other prospect (its own
-- prospect aside) nor lead of the tenant may hold its number.
CREATE OR REPLACE FUNCTION orbitra_lead_phone_rule() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  digits text := coalesce(substr(NEW.phone1_e164, 2), '');
BEGIN
  IF current_user <> 'orbitra_app' OR digits = ''
    OR (TG_OP = 'UPDATE' AND OLD.phone1_e164 IS NOT DISTINCT FROM NEW.phone1_e164 AND OLD.prospect_id IS NOT DISTINCT FROM NEW.prospect_id) THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7451, hashtext(NEW.tenant_id::text));
  PERFORM pg_advisory_xact_lock(7452, hashtext(NEW.tenant_id::text || ':' || digits));
  IF orbitra_phone_holder_exists(NEW.tenant_id, digits, NEW.prospect_id, NEW.id) THEN
    PERFORM orbitra_phone_refused();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_phone_rule" BEFORE INSERT OR UPDATE OF "phone1_e164", "prospect_id" ON "leads"
  FOR EACH ROW EXECUTE FUNCTION orbitra_lead_phone_rule();
--> statement-breakpoint
-- A prospect's number edited: no lead of the tenant but its own may hold it (other prospects: the unique index).
CREATE OR REPLACE FUNCTION orbitra_prospect_phone_rule() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  digits text := coalesce(substr(NEW.phone1_e164, 2), '');
  owners text;
  found_one boolean;
BEGIN
  IF current_user <> 'orbitra_app' OR digits = '' OR OLD.phone1_e164 IS NOT DISTINCT FROM NEW.phone1_e164 THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7451, hashtext(NEW.tenant_id::text));
  PERFORM pg_advisory_xact_lock(7452, hashtext(NEW.tenant_id::text || ':' || digits));
  owners := current_setting('orbitra.owner_ids', true);
  PERFORM set_config('orbitra.owner_ids', '*', true);
  SELECT EXISTS (SELECT 1 FROM leads l WHERE l.tenant_id = NEW.tenant_id AND l.phone_digits = digits AND l.prospect_id IS DISTINCT FROM NEW.id)
    INTO found_one;
  PERFORM set_config('orbitra.owner_ids', coalesce(owners, ''), true);
  IF found_one THEN
    PERFORM orbitra_phone_refused();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "prospects_phone_rule" BEFORE UPDATE OF "phone1_e164" ON "prospects"
  FOR EACH ROW EXECUTE FUNCTION orbitra_prospect_phone_rule();
--> statement-breakpoint
-- Prospects added (one, or an upload's rows in one statement): no lead of the tenant may hold their numbers.
CREATE OR REPLACE FUNCTION orbitra_prospects_added_phone_rule() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  owners text;
  found_one boolean;
BEGIN
  IF current_user <> 'orbitra_app' OR NOT EXISTS (SELECT 1 FROM added_prospect_phones WHERE phone_digits <> '') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7451, hashtext(t.tenant_id::text))
  FROM (SELECT DISTINCT tenant_id FROM added_prospect_phones WHERE phone_digits <> '' ORDER BY tenant_id) t;
  owners := current_setting('orbitra.owner_ids', true);
  PERFORM set_config('orbitra.owner_ids', '*', true);
  SELECT EXISTS (
    SELECT 1 FROM added_prospect_phones n
    JOIN leads l ON l.tenant_id = n.tenant_id AND l.phone_digits = n.phone_digits AND l.prospect_id IS DISTINCT FROM n.id
    WHERE n.phone_digits <> '') INTO found_one;
  PERFORM set_config('orbitra.owner_ids', coalesce(owners, ''), true);
  IF found_one THEN
    PERFORM orbitra_phone_refused();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named to fire after prospects_counters_insert (triggers of one event fire by name): every writer
-- takes the tenant's counter row before the phone lock, so two of them never wait on each other.
CREATE TRIGGER "prospects_phone_rule_added" AFTER INSERT ON "prospects" REFERENCING NEW TABLE AS "added_prospect_phones"
  FOR EACH STATEMENT EXECUTE FUNCTION orbitra_prospects_added_phone_rule();
--> statement-breakpoint
-- An upload's rows, checked a slice at a time in the upload's transaction, are duplicates of the
-- leads that hold their numbers whoever owns them: the leads of the tenant holding these digits, read
-- past the owner wall (never the tenant wall); the server names one only to a user who sees it.
CREATE OR REPLACE FUNCTION orbitra_lead_phones(p_tenant uuid, p_digits text[]) RETURNS TABLE (digits text, name text, owner_id uuid)
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  owners text := current_setting('orbitra.owner_ids', true);
BEGIN
  PERFORM set_config('orbitra.owner_ids', '*', true);
  RETURN QUERY SELECT DISTINCT ON (l.phone_digits) l.phone_digits, l.name, l.owner_id
    FROM leads l WHERE l.tenant_id = p_tenant AND l.phone_digits <> '' AND l.phone_digits = ANY (p_digits)
    ORDER BY l.phone_digits, l.created_at;
  PERFORM set_config('orbitra.owner_ids', coalesce(owners, ''), true);
END
$$;
