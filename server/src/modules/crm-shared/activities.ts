import type { DbOrTx } from '../../db/client';
import { crmActivities, type ActivityKind } from '../../db/schema';

export interface ActivityInput {
  prospectId?: string | null;
  leadId?: string | null;
  userId: string | null;
  kind: ActivityKind;
  summary: string;
  notes?: string | null;
}

/** The history of status and stage changes, with the notes the dialogs let people add. */
export function activitiesRepository(db: DbOrTx) {
  return {
    async add(tenantId: string, activity: ActivityInput): Promise<void> {
      await db.insert(crmActivities).values({ ...activity, notes: activity.notes || null, tenantId });
    },
  };
}
