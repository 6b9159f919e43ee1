import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Card, MutedText, PageTitle, Spinner, wrapAnywhere } from '@app/shared';
import { formatDate } from '@app/shared/staff';
import { QUOTATION_EXPIRED, type PublicQuotation } from '@app/shared/forms';
import { QuotationDocument } from '../../../components/quotation-document';
import { StatusBadge } from '../../../components/status-badge';
import { publicPdfPath, usePublicQuotation } from '../api/get-public-quotation';
import { DecisionDialog } from './decision-dialog';

const StyledNotice = styled(Card)<{ $tone?: 'success' | 'danger' | 'warning' }>`
  margin-bottom: ${({ theme }) => theme.space(4)};
  background: ${({ theme, $tone }) => ($tone ? theme.colors[`${$tone}Soft`] : theme.colors.surface)};
  h2 { font-size: 1.25rem; margin: 0 0 ${({ theme }) => theme.space(1)}; }
  p { margin: 0; }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  > :first-child { margin-right: auto; }
`;

const StyledHeading = styled.header`
  margin-bottom: ${({ theme }) => theme.space(4)};
  ${wrapAnywhere}
  h1 { margin-bottom: ${({ theme }) => theme.space(1)}; }
`;

const StyledLoading = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  justify-content: center;
`;

/** Why a link shows no quotation, in the client's words. */
function linkProblem(failure: unknown): { title: string; message: string } {
  const status = failure instanceof ApiError ? failure.status : 0;
  if (status === 410) return { title: 'Quotation expired', message: `${QUOTATION_EXPIRED} Please ask the sender for a new quotation.` };
  if (status === 404)
    return { title: 'Link not valid', message: 'This quotation link is not valid or is no longer in use. Please ask the sender for a new link.' };
  if (status === 429) return { title: 'Too many requests', message: 'Please wait a minute and reload this page.' };
  return { title: 'Something went wrong', message: 'The quotation could not be loaded. Please reload this page.' };
}

function Outcome({ quotation }: { quotation: PublicQuotation }) {
  if (quotation.status === 'accepted')
    return (
      <StyledNotice $tone="success" role="status">
        <h2>Quotation accepted</h2>
        <p>
          Accepted by {quotation.accepted_by} on {formatDate(quotation.decided_at)}. Thank you!
        </p>
      </StyledNotice>
    );
  if (quotation.status === 'rejected')
    return (
      <StyledNotice $tone="danger" role="status">
        <h2>Quotation rejected</h2>
        <p>You rejected this quotation on {formatDate(quotation.decided_at)}.</p>
      </StyledNotice>
    );
  if (quotation.status === 'expired')
    return (
      <StyledNotice $tone="warning" role="status">
        <h2>Quotation expired</h2>
        <p>{QUOTATION_EXPIRED}</p>
      </StyledNotice>
    );
  return null;
}

/** The quotation as its client sees it through the link, with the client's answer. */
export function PublicQuotationView({ token }: { token: string }) {
  const query = usePublicQuotation(token);
  const [deciding, setDeciding] = useState<'accept' | 'reject' | null>(null);
  if (query.isPending)
    return (
      <StyledLoading role="status">
        <Spinner aria-hidden="true" /> Loading quotation...
      </StyledLoading>
    );
  if (query.isError) {
    const problem = linkProblem(query.error);
    return (
      <StyledNotice $tone="warning" role="alert">
        <h2>{problem.title}</h2>
        <p>{problem.message}</p>
      </StyledNotice>
    );
  }
  const quotation = query.data;
  const open = quotation.status === 'sent';
  return (
    <>
      <StyledHeading>
        <PageTitle>{quotation.company_name ? `Quotation from ${quotation.company_name}` : 'Your quotation'}</PageTitle>
        <MutedText>
          {quotation.number}
          {quotation.title ? ` · ${quotation.title}` : ''}
        </MutedText>
      </StyledHeading>
      <Outcome quotation={quotation} />
      <StyledActions>
        <StatusBadge status={quotation.status} />
        <Button as="a" $variant="secondary" href={publicPdfPath(token)} download={`${quotation.number}.pdf`}>
          Download PDF
        </Button>
        {open && (
          <>
            <Button $variant="destructive" onClick={() => setDeciding('reject')}>
              Reject
            </Button>
            <Button onClick={() => setDeciding('accept')}>Accept</Button>
          </>
        )}
      </StyledActions>
      <Card>
        <QuotationDocument quotation={quotation} />
      </Card>
      {deciding && <DecisionDialog token={token} kind={deciding} onDismiss={() => setDeciding(null)} />}
    </>
  );
}
