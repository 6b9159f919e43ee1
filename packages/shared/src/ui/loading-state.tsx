import styled from 'styled-components';
import { Spinner } from './surface';

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(10)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Each screen names what it is loading ('Loading users...'), so the text is shown, not only announced. */
export function LoadingState({ label }: { label: string }) {
  return (
    <StyledLoading role="status">
      <Spinner aria-hidden="true" />
      {label}
    </StyledLoading>
  );
}
