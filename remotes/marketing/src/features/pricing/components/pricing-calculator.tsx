import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, siteConfig, TextField, whatsappLink, formatMoney } from '@app/shared';
import { useDebouncedValue } from '@app/shared/hooks/use-debounced-value';
import { EMPLOYEE_MAX, EMPLOYEE_MIN, MAX_LISTED_EMPLOYEES, quoteFromInput } from '../pricing';

export const PRICE_DEBOUNCE_MS = 300;

const StyledCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  padding: clamp(1.25rem, 4vw, 2.5rem);
  max-width: 40rem;
  margin: 0 auto;
  h2 { margin: 0; font-size: 1.4rem; }
  input { font-size: 1.25rem; min-height: 3rem; }
`;

const StyledResult = styled.div`
  min-height: 8.5rem;
  display: grid;
  align-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  text-align: center;
  p { margin: 0; }
`;

const StyledPrice = styled.p`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(1)};
  strong { font-size: clamp(2.5rem, 8vw, 3.5rem); line-height: 1; color: ${({ theme }) => theme.colors.primary}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 1.1rem; }
`;

const StyledMuted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function salesMessage(employees: number): string {
  return `Hello ${siteConfig.brand}, we have ${employees} employees and would like a ${siteConfig.product.name} quote.`;
}

export function PricingCalculator() {
  const [raw, setRaw] = useState('');
  const settled = useDebouncedValue(raw, PRICE_DEBOUNCE_MS);
  const quote = quoteFromInput(settled);

  return (
    <StyledCard as="section" aria-labelledby="calculator-title">
      <h2 id="calculator-title">Estimate your monthly price</h2>
      <TextField
        label="Number of employees"
        type="number"
        inputMode="numeric"
        min={EMPLOYEE_MIN}
        max={EMPLOYEE_MAX}
        step={1}
        placeholder="e.g. 25"
        value={raw}
        onChange={(event) => setRaw(event.target.value)}
        // The error takes the hint's place, so the layout does not jump.
        hint={quote.kind === 'invalid' ? undefined : `A whole number from ${EMPLOYEE_MIN} to ${EMPLOYEE_MAX}.`}
        error={quote.kind === 'invalid' ? `Enter a whole number from ${EMPLOYEE_MIN} to ${EMPLOYEE_MAX}.` : undefined}
      />
      <StyledResult aria-live="polite" data-testid="price-result">
        {quote.kind === 'price' && (
          <>
            <StyledPrice>
              <strong>{formatMoney(quote.monthly, { wholeDollars: true })}</strong>
              <span>per month</span>
            </StyledPrice>
            <StyledMuted>
              for {quote.employees} {quote.employees === 1 ? 'employee' : 'employees'}, billed monthly in USD
            </StyledMuted>
          </>
        )}
        {quote.kind === 'sales' && (
          <>
            <p>Teams of more than {MAX_LISTED_EMPLOYEES} employees get a plan shaped around them.</p>
            <Button as="a" href={whatsappLink(salesMessage(quote.employees))} target="_blank" rel="noopener noreferrer">
              Talk to Our Sales Team
              <span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
            </Button>
          </>
        )}
        {(quote.kind === 'empty' || quote.kind === 'invalid') && <StyledMuted>Enter your team size to see your monthly price.</StyledMuted>}
      </StyledResult>
    </StyledCard>
  );
}
