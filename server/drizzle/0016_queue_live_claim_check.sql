-- queue_live_claim_check: hand-written
-- Whether a prospect has a live claim as committed right now, not as the calling statement's snapshot
-- saw it. A volatile plpgsql function reads with a snapshot of its own (read committed), so a claim
-- taken by another caller after the claim statement began is seen, and the candidate is passed over
-- instead of being locked and then found taken (which would cost the caller a whole new statement).
-- It runs as the caller (not security definer): the tenant wall applies to what it reads.
CREATE OR REPLACE FUNCTION orbitra_claim_live(p_tenant uuid, p_prospect uuid, p_now timestamptz) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM call_queue_claims c WHERE c.tenant_id = p_tenant AND c.prospect_id = p_prospect AND c.expires_at > p_now);
END $$;
