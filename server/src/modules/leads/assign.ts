import type { ScopedDb } from '../../tenancy/database';
import { leads } from '../../db/schema';
import { companyAssigner } from '../companies';

/** Assign to on the leads list (every lead is listed). */
export const leadsAssignService = (db: ScopedDb) => companyAssigner(db, { table: leads, action: 'lead.assigned', targetType: 'user' });
