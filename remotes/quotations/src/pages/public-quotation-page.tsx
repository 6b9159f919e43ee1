import { useEffect } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { PublicQuotationView } from '../features/public-quotation/components/public-quotation-view';

const StyledPage = styled.main`
  max-width: 56rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  }
`;

/** A client's page for one quotation, reached through the link sent to them; no sign-in. */
export default function PublicQuotationPage() {
  const { token = '' } = useParams();
  useEffect(() => {
    document.title = 'Your quotation | Orbitra Group';
  }, []);
  return (
    <StyledPage id="main-content">
      <PublicQuotationView key={token} token={token} />
    </StyledPage>
  );
}
