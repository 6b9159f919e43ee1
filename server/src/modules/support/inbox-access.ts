import { forbidden } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { readsCustomerMessages } from '../../tenancy/visibility';
import { tenantsRepository } from '../tenants';

export const WEBSITE_INBOX_FORBIDDEN_DETAIL = 'Website messages go to the tenant that receives website enquiries, and your account is not in that tenant.';

/**
 * The customer messages belong to the tenant marked as receiving website enquiries, read at the
 * time of the request (so moving the mark moves them all): the caller reads them by the rule of
 * tenancy/visibility.ts, anyone else gets 403. Answers the tenant (null only for an admin while no
 * tenant is marked), which the audit entries of the messages name.
 */
export async function assertInboxAccess(db: ScopedDbOrTx): Promise<string | null> {
  const inbox = await tenantsRepository(db).websiteInbox();
  if (!readsCustomerMessages(db.scope, inbox?.id)) throw forbidden(WEBSITE_INBOX_FORBIDDEN_DETAIL);
  return inbox?.id ?? null;
}
