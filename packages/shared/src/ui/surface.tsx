import styled, { keyframes } from 'styled-components';
import { wrapAnywhere } from './text-wrap';

// What a user typed wraps inside the card, however long its words.
export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space(5)};
  ${wrapAnywhere}
`;

export type BadgeTone = 'neutral' | 'success' | 'danger' | 'warning' | 'info';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 0.1rem ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.75rem;
  font-weight: 600;
  background: ${({ theme, $tone = 'neutral' }) =>
    ({
      neutral: theme.colors.badgeNeutral,
      success: theme.colors.successSoft,
      danger: theme.colors.dangerSoft,
      warning: theme.colors.warningSoft,
      info: theme.colors.infoSoft,
    })[$tone]};
  color: ${({ theme }) => theme.colors.text};
`;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.5; }
`;

// Top-aligned: inside a line of text it takes no more room than the figure it stands for (no baseline gap below).
export const Skeleton = styled.span<{ $width?: string; $height?: string }>`
  display: inline-block;
  vertical-align: top;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '1rem'};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${pulse} 1.5s ease-in-out infinite;
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.span`
  display: inline-block;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export const PageTitle = styled.h1`
  font-size: clamp(1.5rem, 2.5vw, 2rem);
  ${wrapAnywhere}
`;

export const MutedText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0;
`;
