import { leads } from '../../db/schema';
import { companyAssigner } from '../companies';

/** Assign to on the leads list (every lead is listed). */
export const leadsAssignService = companyAssigner({ table: leads, action: 'lead.assigned', targetType: 'user' });
