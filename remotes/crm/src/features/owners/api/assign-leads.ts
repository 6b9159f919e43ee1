import { useAssignMutation } from './assign-mutation';

/** Assign to on the leads list (POST /crm/leads/assign): the list, the board and its figures follow the owner filter. */
export const useAssignLeads = (tenantId: string) => useAssignMutation(tenantId, '/crm/leads/assign', ['leads', 'lead-board', 'pipeline-summary']);
