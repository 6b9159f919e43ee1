import styled from 'styled-components';

/** A form's fields, one under the other. */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The server's answer to a failed submit, shown inside the form beside what caused it. */
export const FormError = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.text};
`;

/** Two fields side by side on wide screens, stacked on phones. */
export const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
`;
