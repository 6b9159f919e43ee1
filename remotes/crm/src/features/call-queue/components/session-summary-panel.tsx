import { Fragment } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Card } from '@app/shared';
import { formatDuration, type SessionSummary } from '../utils/session-summary';

const StyledSummary = styled(Card)`
  padding: ${({ theme }) => theme.space(5)};
  dl { display: grid; grid-template-columns: max-content 1fr; gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)}; }
  dd { margin: 0; font-weight: 600; }
`;

/** What the session came to, shown when the caller leaves the queue or it runs dry. */
export function SessionSummaryPanel({ summary, endedAt, emptied }: { summary: SessionSummary; endedAt: number; emptied: boolean }) {
  return (
    <StyledSummary as="section" aria-labelledby="session-summary-title">
      <h2 id="session-summary-title">Session summary</h2>
      {emptied && <p>No more prospects in this queue.</p>}
      <dl>
        <dt>Calls made</dt>
        <dd>{summary.calls}</dd>
        <dt>Leads created</dt>
        <dd>{summary.leads}</dd>
        <dt>Callbacks scheduled</dt>
        <dd>{summary.callbacks}</dd>
        <dt>Skipped</dt>
        <dd>{summary.skipped}</dd>
        <dt>Time spent</dt>
        <dd>{formatDuration(endedAt - summary.startedAt)}</dd>
        {summary.byStatus.map((entry) => (
          <Fragment key={entry.name}>
            <dt>{entry.name}</dt>
            <dd>{entry.count}</dd>
          </Fragment>
        ))}
      </dl>
      <Link to="/crm">Back to prospects</Link>
    </StyledSummary>
  );
}
