import styled from 'styled-components';

const StyledSteps = styled.ol`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  list-style: none;
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.space(2)}; flex: 1; min-width: 0; }
  li:not(:last-child)::after { content: ''; flex: 1; height: 2px; background: ${({ theme }) => theme.colors.border}; }
  .step-title { font-size: 0.85rem; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  /* On a phone the circles alone; the step's title is the heading below them. */
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    .step-title { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
  }
`;

const StyledCircle = styled.span<{ $state: 'done' | 'current' | 'todo' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: 0 0 auto;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  font-weight: 700;
  border: 2px solid ${({ theme, $state }) => ($state === 'todo' ? theme.colors.border : theme.colors.primary)};
  background: ${({ theme, $state }) => ($state === 'todo' ? theme.colors.surface : theme.colors.primary)};
  color: ${({ theme, $state }) => ($state === 'todo' ? theme.colors.textMuted : theme.colors.onPrimary)};
`;

/** Three circles, one per step: done ones ticked, the current one filled. */
export function StepIndicator({ steps, current }: { steps: readonly { title: string }[]; current: number }) {
  return (
    <StyledSteps aria-label="Steps">
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step.title} aria-current={state === 'current' ? 'step' : undefined}>
            <StyledCircle $state={state} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </StyledCircle>
            <span className="step-title">
              <span className="visually-hidden">{`Step ${index + 1} of ${steps.length}${state === 'done' ? ' (done)' : ''}: `}</span>
              {step.title}
            </span>
          </li>
        );
      })}
    </StyledSteps>
  );
}
