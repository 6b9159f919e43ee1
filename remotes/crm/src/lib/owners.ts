import type { AssignFilter, OwnerOption } from '@app/shared/forms';

/** How a user is named on screen: the full name, or the email when it has none. */
export const ownerName = (owner: Pick<OwnerOption, 'full_name' | 'email'>) => owner.full_name.trim() || owner.email;

/** A record's owner as the lists name it: the user's name, Unassigned, or another user (inactive, or at home in another tenant). */
export function ownerLabel(ownerId: string | null, owners: readonly OwnerOption[]): string {
  if (ownerId === null) return 'Unassigned';
  const owner = owners.find((candidate) => candidate.id === ownerId);
  return owner ? ownerName(owner) : 'Other user';
}

/** What a list's Assign to may act on: the ticked rows, or every row of its current filter. */
export interface AssignScope {
  selectedIds: readonly string[];
  filter: AssignFilter;
  /** How many rows the filter holds (the list's total). */
  matching: number;
  /** After an assignment: the list clears its ticks. */
  onAssigned: () => void;
}

/** The lists with an Assign to. */
export type AssignNoun = 'prospects' | 'leads';
