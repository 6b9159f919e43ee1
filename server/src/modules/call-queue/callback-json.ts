import { sql } from 'drizzle-orm';
import { isoSql } from '../../db/raw-sql';

/** A callback `b` of its prospect `p` as the API answers with it: the one shape of a callback, written by the database. */
export const CALLBACK_JSON = sql.raw(`json_build_object('id', b.id, 'tenant_id', b.tenant_id, 'prospect_id', b.prospect_id, 'prospect_name', p.name,
  'phone1', p.phone1, 'phone1_e164', p.phone1_e164, 'owner', b.owner, 'due_at', ${isoSql('b.due_at')}, 'done_at', ${isoSql('b.done_at')})`);

/** The callbacks `b` with their prospects `p`, for CALLBACK_JSON. */
export const CALLBACK_FROM = sql.raw(`callbacks b join prospects p on p.tenant_id = b.tenant_id and p.id = b.prospect_id`);
