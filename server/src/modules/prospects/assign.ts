import { prospects } from '../../db/schema';
import { type AssignRounds, companyAssigner } from '../companies';
import { isActive } from './repository';

/** Assign to on the prospects list: only listed (active) prospects are assigned, as the list shows them. */
export const prospectsAssignService = (rounds?: AssignRounds) =>
  companyAssigner({ table: prospects, listed: isActive, action: 'prospect.assigned', targetType: 'user' }, rounds);
