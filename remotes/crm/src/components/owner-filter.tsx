import { useSession } from '@app/shared';
import { Combobox } from '@app/shared/ui/combobox';
import type { OwnerFilter as OwnerFilterValue, OwnerOption } from '@app/shared/forms';
import { optionDescription, optionKey, optionName } from '../lib/options';
import { ownerName } from '../lib/owners';

type OwnerChoice = { id: '' | OwnerFilterValue; name: string; description: string | null };
const OWNER_CHOICES: OwnerChoice[] = [
  { id: '', name: 'Any owner', description: null },
  { id: 'me', name: 'Mine', description: null },
  { id: 'none', name: 'Unassigned', description: null },
];

export interface OwnerFilterProps {
  value: OwnerFilterValue | undefined;
  onChange: (value: OwnerFilterValue | undefined) => void;
  /** The tenant's users, each a choice after the three above. */
  owners?: readonly OwnerOption[];
}

/** Whose records a list shows: anyone's, the caller's own (`owner_id=me`), nobody's (`none`) or one user's. */
export function OwnerFilter({ value, onChange, owners = [] }: OwnerFilterProps) {
  const { user } = useSession();
  // The signed-in user is Mine already; an Own-records user is offered only that and Unassigned.
  const others = owners.filter((owner) => owner.id !== user?._id);
  const choices = [...OWNER_CHOICES, ...others.map((owner): OwnerChoice => ({ id: owner.id, name: ownerName(owner), description: owner.email }))];
  const selected = choices.find((choice) => choice.id === value) ?? OWNER_CHOICES[0];
  return (
    <Combobox
      label="Filter by owner"
      hideLabel
      items={choices}
      selectedItem={selected}
      onSelect={(next) => onChange(next?.id || undefined)}
      getName={optionName}
      getDescription={optionDescription}
      getKey={optionKey}
      emptyText={() => 'No such owner'}
    />
  );
}
