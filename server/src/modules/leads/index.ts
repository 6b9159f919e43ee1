/** Leads: prospects that became business. The rest of the server imports this module through this file only. */
export { leadsAssignService } from './assign';
export { LEAD_ORDERS } from './lead-orders';
export { leadsRepository } from './repository';
export { moveLeadOnAcceptance } from './quotation-deal';
export { leadsRoutes } from './routes';
export { leadsService, loadLead } from './service';
