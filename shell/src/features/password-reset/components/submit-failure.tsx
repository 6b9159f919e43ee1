import { errorMessage } from '@app/shared';
import { StyledFormError } from '../../../components/auth-card';

/** Why a submit went nowhere: the server's answer, or the form's rules that could not be fetched. */
export function SubmitFailure({ error, rulesFailed }: { error: unknown; rulesFailed: boolean }) {
  if (!error && !rulesFailed) return null;
  return (
    <StyledFormError role="alert">
      {error ? errorMessage(error, 'Something went wrong. Please try again.') : 'Network error. Please try again.'}
    </StyledFormError>
  );
}
