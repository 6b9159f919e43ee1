import type { Db } from '../../db/client';
import { prospects } from '../../db/schema';
import { type AssignRounds, companyAssigner } from '../companies';
import { isActive } from './repository';

/** Assign to on the prospects list: only listed (active) prospects are assigned, as the list shows them. */
export const prospectsAssignService = (db: Db, rounds?: AssignRounds) =>
  companyAssigner(db, { table: prospects, listed: isActive, action: 'prospect.assigned', targetType: 'user' }, rounds);
