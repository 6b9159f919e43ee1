import { Combobox } from '@app/shared/staff';
import { type OwnerFilter as OwnerFilterValue } from '@app/shared/forms';
import { optionDescription, optionKey, optionName } from '../lib/options';

type OwnerChoice = { id: '' | 'me' | 'none'; name: string; description: null };
const OWNER_CHOICES: OwnerChoice[] = [
  { id: '', name: 'Any owner', description: null },
  { id: 'me', name: 'Mine', description: null },
  { id: 'none', name: 'Unassigned', description: null },
];

export interface OwnerFilterProps {
  value: OwnerFilterValue | undefined;
  onChange: (value: 'me' | 'none' | undefined) => void;
}

/** Whose records a list shows: anyone's, the caller's own (`owner_id=me`) or nobody's (`none`). */
export function OwnerFilter({ value, onChange }: OwnerFilterProps) {
  const selected = OWNER_CHOICES.find((choice) => choice.id === value) ?? OWNER_CHOICES[0];
  return (
    <Combobox
      label="Filter by owner"
      hideLabel
      items={OWNER_CHOICES}
      selectedItem={selected}
      onSelect={(next) => onChange(next?.id || undefined)}
      getName={optionName}
      getDescription={optionDescription}
      getKey={optionKey}
      emptyText={() => 'No such owner'}
    />
  );
}
