import type { NotificationKind } from '@app/shared/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { ScopedDbOrTx } from '../../tenancy/database';
import type { Scope } from '../../tenancy/scope';

/**
 * Something that comes due at a time and tells its user once then: a callback, later a task. Its
 * module describes it as a query; the one function below turns what is due into notifications.
 */
export interface DueSource {
  kind: NotificationKind;
  /**
   * What is due now for the scope (its user's alone, or everyone's for the system scope), as rows of
   * tenant_id, user_id, once_key (unique per due item and its time), text, link, prospect_id, lead_id.
   */
  due(scope: Scope): SQL;
}

/**
 * Writes a notification for each item now due that has none yet, of the handle's scope; the
 * once_key makes a second look (the next read, the next sweep, another instance's) change nothing.
 * Run on the user's handle on reading their notifications, so a tab hears of it at its next poll,
 * and on the system's by the sweep.
 */
export async function notifyDue(db: ScopedDbOrTx, sources: readonly DueSource[]): Promise<void> {
  for (const source of sources) {
    await db.execute(sql`
      insert into notifications (tenant_id, user_id, kind, once_key, text, link, prospect_id, lead_id)
      select d.tenant_id, d.user_id, ${source.kind}, d.once_key, left(d.text, 1000), d.link, d.prospect_id, d.lead_id
      from (${source.due(db.scope)}) d
      on conflict (tenant_id, user_id, once_key) do nothing`);
  }
}
