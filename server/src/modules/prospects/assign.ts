import type { ScopedDb } from '../../tenancy/database';
import { prospects } from '../../db/schema';
import { companyAssigner } from '../companies';
import { isActive } from './repository';

/** Assign to on the prospects list: only listed (active) prospects are assigned, as the list shows them. */
export const prospectsAssignService = (db: ScopedDb) => companyAssigner(db, { table: prospects, listed: isActive, action: 'prospect.assigned', targetType: 'user' });
