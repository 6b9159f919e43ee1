import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button, PageTitle } from '@app/shared';

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h1 { margin: 0; overflow-wrap: anywhere; flex: 1 1 12rem; }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  h2 { font-size: 1.1rem; margin: 0 0 ${({ theme }) => theme.space(3)}; }
`;

const StyledSection = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space(6)}; }
`;

/** Back where the user came from inside the app; a page opened by its link goes to the CRM. */
function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const fromApp = typeof window !== 'undefined' && Number((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Button $variant="secondary" onClick={() => (fromApp ? navigate(-1) : navigate(fallback))}>
      Back
    </Button>
  );
}

export interface RecordPageLayoutProps {
  title: string;
  /** Where Back goes when the page was opened by its link. */
  backTo: string;
  actions: ReactNode;
  details: ReactNode;
  notes: ReactNode;
  /** The record's open tasks. */
  tasks: ReactNode;
  /** Its mail: conversations to and from its addresses. */
  mail: ReactNode;
  timeline: ReactNode;
}

/** A prospect's or lead's page: its facts beside its tasks, notes, mail and timeline (stacked on a phone). */
export function RecordPageLayout({ title, backTo, actions, details, notes, tasks, mail, timeline }: RecordPageLayoutProps) {
  return (
    <>
      <StyledHeader>
        <BackButton fallback={backTo} />
        <PageTitle>{title}</PageTitle>
        <StyledActions>{actions}</StyledActions>
      </StyledHeader>
      <StyledColumns>
        <div>{details}</div>
        <div>
          <StyledSection aria-labelledby="record-tasks">
            <h2 id="record-tasks">Open tasks</h2>
            {tasks}
          </StyledSection>
          <StyledSection aria-labelledby="record-notes">
            <h2 id="record-notes">Notes</h2>
            {notes}
          </StyledSection>
          <StyledSection aria-labelledby="record-mail">
            <h2 id="record-mail">Mail</h2>
            {mail}
          </StyledSection>
          <StyledSection aria-labelledby="record-timeline">
            <h2 id="record-timeline">Timeline</h2>
            {timeline}
          </StyledSection>
        </div>
      </StyledColumns>
    </>
  );
}
