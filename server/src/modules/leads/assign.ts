import type { Db } from '../../db/client';
import { leads } from '../../db/schema';
import { companyAssigner } from '../companies';

/** Assign to on the leads list (every lead is listed). */
export const leadsAssignService = (db: Db) => companyAssigner(db, { table: leads, action: 'lead.assigned', targetType: 'user' });
