import styled from 'styled-components';
import { aboutCopy } from '../../../content/company';

const StyledStory = styled.div`
  max-width: 46rem;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  p { margin: 0; font-size: 1.075rem; }
  p + p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function AboutStory() {
  return (
    <StyledStory>
      {aboutCopy.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </StyledStory>
  );
}
