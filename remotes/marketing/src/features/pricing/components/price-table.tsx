import styled from 'styled-components';
import { formatMoney } from '@app/shared';
import { BASE_EMPLOYEES, BASE_PRICE, MAX_LISTED_EMPLOYEES, PRICE_TIERS, priceForEmployees } from '../pricing';

const StyledWrap = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  > p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; text-align: center; }
`;

const StyledTable = styled.table`
  width: 100%;
  /* separate, not collapse: rounded corners only apply to separated borders. */
  border-collapse: separate;
  border-spacing: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  th, td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th { background: ${({ theme }) => theme.colors.surfaceAlt}; font-size: 0.875rem; }
  td:last-child, th:last-child { text-align: right; }
  tr:last-child td { border-bottom: 0; }
`;

function exampleLine(): string {
  const example = priceForEmployees(25);
  return example.kind === 'price' ? `Example: a team of 25 pays ${formatMoney(example.monthly, { wholeDollars: true })} a month.` : '';
}

/** The tiers behind the calculator, so the price is never a black box. */
export function PriceTable() {
  return (
    <StyledWrap>
      <StyledTable>
        <caption className="visually-hidden">Monthly price by number of employees, in USD</caption>
        <thead>
          <tr>
            <th scope="col">Employees</th>
            <th scope="col">Price per month</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>1 to {BASE_EMPLOYEES}</td>
            <td>{formatMoney(BASE_PRICE, { wholeDollars: true })} flat</td>
          </tr>
          {PRICE_TIERS.map((tier) => (
            <tr key={tier.from}>
              <td>
                {tier.from} to {tier.to}
              </td>
              <td>{formatMoney(tier.rate)} per employee</td>
            </tr>
          ))}
          <tr>
            <td>More than {MAX_LISTED_EMPLOYEES}</td>
            <td>Custom plan from our sales team</td>
          </tr>
        </tbody>
      </StyledTable>
      <p>
        Each employee beyond {BASE_EMPLOYEES} is charged at the rate of their band. {exampleLine()} Prices in USD, rounded to whole dollars.
      </p>
    </StyledWrap>
  );
}
