import styled from 'styled-components';
import { Button } from './button';
import { Card } from './surface';

const StyledPanel = styled(Card)`
  max-width: 32rem;
  margin: ${({ theme }) => theme.space(10)} auto;
  text-align: center;
  h2 { font-size: 1.25rem; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface ErrorPanelProps {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorPanel({ title, message, onRetry, retryLabel = 'Retry' }: ErrorPanelProps) {
  return (
    <StyledPanel role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {onRetry && <Button onClick={onRetry}>{retryLabel}</Button>}
    </StyledPanel>
  );
}

const StyledEmpty = styled.div`
  text-align: center;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  h3 { color: ${({ theme }) => theme.colors.text}; }
`;

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <StyledEmpty>
      <h3>{title}</h3>
      {hint && <p>{hint}</p>}
      {action}
    </StyledEmpty>
  );
}
