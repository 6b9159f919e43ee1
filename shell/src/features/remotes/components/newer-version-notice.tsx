import styled from 'styled-components';
import { Button } from '@app/shared';

const StyledNotice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.text};
`;

/** Offers the newer version of this section; the page is only reloaded when the user asks. */
export function NewerVersionNotice() {
  return (
    <StyledNotice role="status" aria-live="polite">
      <span>A newer version of this section is available.</span>
      <Button $size="sm" $variant="secondary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </StyledNotice>
  );
}
