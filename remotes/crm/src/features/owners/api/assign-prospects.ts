import { useAssignMutation } from './assign-mutation';

/** Assign to on the prospects list (POST /crm/prospects/assign): the lists and an open prospect show the new owner. */
export const useAssignProspects = (tenantId: string) => useAssignMutation(tenantId, '/crm/prospects/assign', ['prospects', 'prospect']);
