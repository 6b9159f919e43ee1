import { lazyPart } from '@app/shared';

/** The board's code (drag and drop, virtual columns), loaded when the board is first shown: the list shows without it. */
export const LeadsBoard = lazyPart(() => import('./leads-board'), 'LeadsBoard');
