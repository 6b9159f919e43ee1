import styled from 'styled-components';
import { formatDate, storageNote, unitName } from '@app/shared/staff';
import { formatCurrency, wrapAnywhere } from '@app/shared';
import { scrollEdges } from '@app/shared/ui/scroll-edges';
import { type PublicQuotation } from '@app/shared/forms';

const StyledDocument = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  ${wrapAnywhere}
  h2 { font-size: 1.75rem; letter-spacing: 0.12em; margin: 0; }
  h3 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: ${({ theme }) => theme.colors.textMuted}; margin: 0 0 ${({ theme }) => theme.space(1)}; }
  p { margin: 0; white-space: pre-wrap; }
`;

const StyledHead = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  dl { display: grid; grid-template-columns: auto auto; gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`}; margin: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; }
`;

const StyledParties = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
`;

// When the items still outrun a narrow screen, the shadow at the cut edge shows the table scrolls.
const StyledTableFrame = styled.div`
  position: relative;
  ${scrollEdges('surface')}
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th, td { padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; vertical-align: top; }
  th { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; white-space: nowrap; }
  /* The description takes what the figures leave, broken inside a long word if it must. */
  td:first-child { min-width: 8rem; ${wrapAnywhere} }
  .num { text-align: right; white-space: nowrap; }
  /* On a phone the four columns fit the page when the description gives way first. */
  @media (max-width: 479px) {
    th, td { padding-left: ${({ theme }) => theme.space(1)}; padding-right: ${({ theme }) => theme.space(1)}; }
    td:first-child { min-width: 6rem; }
  }
`;

const StyledTotals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0 0 0 auto;
  min-width: min(100%, 18rem);
  dd { margin: 0; text-align: right; }
  .total { font-weight: 700; font-size: 1.1rem; }
`;

const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

function Block({ title, lines }: { title: string; lines: string[] }) {
  const shown = lines.filter((line) => line.trim());
  if (shown.length === 0) return null;
  return (
    <section>
      <h3>{title}</h3>
      {shown.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </section>
  );
}

/** A quotation as its client reads it: on screen, on paper and on the client's own page. */
export function QuotationDocument({ quotation }: { quotation: PublicQuotation }) {
  const q = quotation;
  // Every amount in the quotation's own currency, which its head names.
  const money = (amount: number) => formatCurrency(amount, q.currency);
  return (
    <StyledDocument aria-label={`Quotation ${q.number}`}>
      <StyledHead>
        <div>
          <h2>QUOTATION</h2>
          {q.title && <p>{q.title}</p>}
        </div>
        <dl>
          <dt>Quote number</dt>
          <dd>{q.number}</dd>
          <dt>Quote date</dt>
          <dd>{formatDate(q.quote_date)}</dd>
          <dt>Valid until</dt>
          <dd>{formatDate(q.valid_until)}</dd>
          <dt>Currency</dt>
          <dd>{q.currency}</dd>
        </dl>
      </StyledHead>
      <StyledParties>
        <Block title="From" lines={[q.company_name, q.company_address, q.company_phone, q.company_email, q.company_website]} />
        <Block title="Bill to" lines={[q.client_name, q.client_address, q.client_phone, q.client_email]} />
      </StyledParties>
      <Block title="Product" lines={[q.product_name, q.product_overview, q.product_description]} />
      <Block title="Subscription" lines={[q.subscription_plan, q.subscription_includes]} />
      <StyledTableFrame>
        <StyledTable>
          <thead>
            <tr>
              <th>Description</th>
              <th className="num">Qty</th>
              <th className="num">Rate</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {q.items.map((item, index) => (
              <tr key={index}>
                <td>{item.description}</td>
                <td className="num">
                  {[item.quantity.toLocaleString('en-US', { maximumFractionDigits: 3 }), unitName(item.quantity, item.unit)].filter(Boolean).join(' ')}
                </td>
                <td className="num">{money(item.rate)}</td>
                <td className="num">{money(item.amount)}</td>
              </tr>
            ))}
          </tbody>
        </StyledTable>
      </StyledTableFrame>
      <StyledTotals aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{money(q.subtotal)}</dd>
        <dt>Discount ({percent(q.discount_rate)})</dt>
        <dd>−{money(q.discount_amount)}</dd>
        <dt>Tax ({percent(q.tax_rate)})</dt>
        <dd>{money(q.tax_amount)}</dd>
        <dt className="total">Total ({q.currency})</dt>
        <dd className="total">{money(q.total)}</dd>
      </StyledTotals>
      <Block title="Document storage" lines={[storageNote(q)]} />
      <Block title="Terms and conditions" lines={[q.terms]} />
    </StyledDocument>
  );
}
