import { Link } from 'react-router';
import styled from 'styled-components';
import { ErrorPanel } from '@app/shared';

const StyledBack = styled.p`
  text-align: center;
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** A record that does not exist, or that the user may not see: the server answers both alike. */
export function RecordNotFound({ noun }: { noun: 'Prospect' | 'Lead' }) {
  return (
    <>
      <ErrorPanel title={`${noun} not found`} message={`This ${noun.toLowerCase()} does not exist, or you do not have access to it.`} />
      <StyledBack>
        <Link to="/crm">Back to the CRM</Link>
      </StyledBack>
    </>
  );
}
