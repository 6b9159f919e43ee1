import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@app/shared';
import { whyChoose } from '../../../content/company';

const StyledBox = styled.div`
  max-width: 46rem;
  margin: 0 auto;
  text-align: center;
  p { margin: 0 0 ${({ theme }) => theme.space(8)}; font-size: 1.1rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** The 'Why choose' paragraph of the services page, ending in the way to start a project. */
export function WhyChoose() {
  return (
    <StyledBox>
      <p>{whyChoose.text}</p>
      <Button as={Link} to="/contact">
        Start your project
      </Button>
    </StyledBox>
  );
}
