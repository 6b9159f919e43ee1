import { createStatusOptionSchema, statusOptionListSchema, statusOptionSchema, updateStatusOptionSchema } from '@app/shared/contracts';
import { tenantOptionsRoutes } from '../tenant-options';
import { statusOptionsService } from './service';

/** A tenant's status options: the statuses a prospect can be given, and what each does to it. */
export const statusOptionsRoutes = tenantOptionsRoutes(
  {
    path: '/crm/status-options',
    tag: 'status-options',
    noun: 'status option',
    onDelete: 'prospects and leads with it keep no status',
    schemas: { item: statusOptionSchema, list: statusOptionListSchema, create: createStatusOptionSchema, update: updateStatusOptionSchema },
  },
  statusOptionsService,
);
