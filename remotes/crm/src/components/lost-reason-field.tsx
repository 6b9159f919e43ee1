import type { ComponentProps } from 'react';
import { TextAreaField } from '@app/shared';
import { LOST_REASON_MAX } from '@app/shared/forms';

type LostReasonFieldProps = Pick<ComponentProps<typeof TextAreaField>, 'autoFocus' | 'rows'> & {
  value: string;
  onChange: (reason: string) => void;
};

/**
 * Why a lead was lost, asked wherever a lead enters a lost stage (the board's drop, the stage
 * dialog of the list and of the lead's page), so every way in asks the same question.
 */
export function LostReasonField({ value, onChange, rows = 3, autoFocus }: LostReasonFieldProps) {
  return (
    <TextAreaField
      label="Lost reason (optional)"
      autoFocus={autoFocus}
      rows={rows}
      maxLength={LOST_REASON_MAX}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
