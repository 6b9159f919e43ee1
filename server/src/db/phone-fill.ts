import { toE164 } from '@app/shared/contracts';
import { shownPhone } from '@app/shared/format/phone';
import { CONTEXT_SQL, contextArgs, systemContext } from './wall/context';

/** One statement on the owner's connection (a pg.Client): its rows. */
export type OwnerQuery = <T extends object = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

interface PhoneRow {
  tenant_id: string;
  id: string;
  phone1: string;
  phone2: string | null;
  phone3: string | null;
  phone1_e164: string | null;
  phone2_e164: string | null;
  phone3_e164: string | null;
  phone1_shown: string | null;
  phone2_shown: string | null;
  phone3_shown: string | null;
  default_country: string;
}

type Three = [string | null, string | null, string | null];

interface Filled {
  tenantId: string;
  id: string;
  e164: Three;
  shown: Three;
}

const CHUNK = 1000;

/**
 * Existing prospects and leads get the E.164 of each phone whose text parses in their tenant's
 * country, and the text screens show for it (SQL cannot parse phones, so this runs after the
 * migrations, as the owner). Only rows still missing one are read, so a second run reads just the rows whose text is not a number and
 * changes nothing. A text that does not parse keeps its text and stays without E.164 (the Invalid
 * phone filter lists it); so does a prospect whose Phone1 is the number of an older prospect of
 * the tenant, since a tenant holds each number once. Nothing is deleted.
 */
export async function fillPhoneNumbers(query: OwnerQuery): Promise<{ prospects: number; leads: number }> {
  // A database migrated only part of the way (a test of an older migration) lacks the columns filled here.
  const [columns] = await query<{ present: number }>(
    `select count(*)::int as present from information_schema.columns
     where table_schema = current_schema() and table_name in ('prospects', 'leads') and column_name in ('phone1_e164', 'phone1_shown')`,
  );
  if (Number(columns?.present) < 4) return { prospects: 0, leads: 0 };
  await query('begin');
  try {
    await query(CONTEXT_SQL, contextArgs(systemContext('phone numbers')));
    const filled = { prospects: await fillTable(query, 'prospects'), leads: await fillTable(query, 'leads') };
    await query('commit');
    return filled;
  } catch (error) {
    await query('rollback');
    throw error;
  }
}

async function fillTable(query: OwnerQuery, table: 'prospects' | 'leads'): Promise<number> {
  const rows = await query<PhoneRow>(`select r.tenant_id, r.id, r.phone1, r.phone2, r.phone3, r.phone1_e164, r.phone2_e164, r.phone3_e164,
        r.phone1_shown, r.phone2_shown, r.phone3_shown, t.default_country
      from ${table} r join tenants t on t.id = r.tenant_id
      where r.phone1_e164 is null or (r.phone2 is not null and r.phone2_e164 is null) or (r.phone3 is not null and r.phone3_e164 is null)
        or (r.phone1_e164 is not null and r.phone1_shown is null) or (r.phone2_e164 is not null and r.phone2_shown is null)
        or (r.phone3_e164 is not null and r.phone3_shown is null)
      order by r.tenant_id, r.created_at, r.id`);
  const claimed = new Set<string>();
  const updates: Filled[] = [];
  for (const row of rows) {
    const read = (text: string | null, stored: string | null) => stored ?? toE164(text, row.default_country);
    let phone1 = read(row.phone1, row.phone1_e164);
    if (table === 'prospects' && phone1 && !row.phone1_e164) {
      // The oldest prospect of a number keeps it (rows come oldest first).
      const key = `${row.tenant_id} ${phone1}`;
      if (claimed.has(key)) phone1 = null;
      else claimed.add(key);
    }
    const e164: Three = [phone1, read(row.phone2, row.phone2_e164), read(row.phone3, row.phone3_e164)];
    const texts = [row.phone1, row.phone2, row.phone3];
    // Shown as the screens showed it when they formatted it themselves: from the E.164, with the extension typed.
    const shown = e164.map((number, i) => (number ? shownPhone(texts[i] ?? '', number) : null)) as Three;
    const before = [row.phone1_e164, row.phone2_e164, row.phone3_e164, row.phone1_shown, row.phone2_shown, row.phone3_shown];
    if ([...e164, ...shown].some((value, i) => value !== before[i])) updates.push({ tenantId: row.tenant_id, id: row.id, e164, shown });
  }
  // A prospect's Phone1 is set only while no other prospect of the tenant holds the number.
  const phone1 =
    table === 'prospects'
      ? `case when u.e1 is not null and not exists (select 1 from prospects q where q.tenant_id = r.tenant_id and q.phone_digits = substr(u.e1, 2) and q.id <> r.id) then u.e1 else r.phone1_e164 end`
      : `coalesce(r.phone1_e164, u.e1)`;
  let changed = 0;
  for (let start = 0; start < updates.length; start += CHUNK) {
    const chunk = updates.slice(start, start + CHUNK);
    const result = await query(
      `update ${table} r set phone1_e164 = ${phone1}, phone2_e164 = coalesce(r.phone2_e164, u.e2), phone3_e164 = coalesce(r.phone3_e164, u.e3),
         phone1_shown = case when ${phone1} is not distinct from u.e1 then u.s1 else r.phone1_shown end,
         phone2_shown = coalesce(r.phone2_shown, u.s2), phone3_shown = coalesce(r.phone3_shown, u.s3)
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) as u(tenant_id, id, e1, e2, e3, s1, s2, s3)
       where r.tenant_id = u.tenant_id and r.id = u.id
       returning r.phone1_e164`,
      [
        chunk.map((u) => u.tenantId),
        chunk.map((u) => u.id),
        ...[0, 1, 2].map((i) => chunk.map((u) => u.e164[i])),
        ...[0, 1, 2].map((i) => chunk.map((u) => u.shown[i])),
      ],
    );
    changed += result.length;
  }
  return changed;
}
