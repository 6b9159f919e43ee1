import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@app/shared';

const StyledBox = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Where a visitor goes when the one product is not what they need yet. */
export function ComingSoonLinks() {
  return (
    <StyledBox>
      <Button as={Link} to="/contact">
        Tell us what you need
      </Button>
      <Button as={Link} to="/services" $variant="secondary">
        Explore our services
      </Button>
    </StyledBox>
  );
}
