import { MutedText } from '@app/shared';
import { SETUP_LOCKED_NOTE } from '../hooks/use-setup-access';

/** In place of a setup control the user may not use: says who may. */
export function SetupLockedNote() {
  return <MutedText role="note">{SETUP_LOCKED_NOTE}</MutedText>;
}
