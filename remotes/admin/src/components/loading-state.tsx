import styled from 'styled-components';
import { Spinner } from '@app/shared';

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(10)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The spec names a visible loading text per screen ('Loading users...'), so it is shown, not only announced. */
export function LoadingState({ label }: { label: string }) {
  return (
    <StyledLoading role="status">
      <Spinner aria-hidden="true" />
      {label}
    </StyledLoading>
  );
}
