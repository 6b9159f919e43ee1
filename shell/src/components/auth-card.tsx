import styled from 'styled-components';
import { Card } from '@app/shared';

export const StyledAuthPage = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
`;

export const StyledAuthCard = styled(Card)`
  width: min(26rem, 100%);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  h1 { font-size: 1.6rem; margin: 0; }
  form { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(4)}; }
`;

export const StyledAuthLinks = styled.div`
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 0.9rem;
`;

export { FormError as StyledFormError } from '@app/shared';
