import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button, useSession } from '@app/shared';
import { clearDraft, loadDraft, type StoredDraft } from '../utils/draft-storage';

const StyledBanner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  p { margin: 0; }
  div { display: flex; gap: ${({ theme }) => theme.space(2)}; }
`;

export function draftPath(draft: StoredDraft): string {
  if (draft.quotationId) return `/quotations/${draft.quotationId}/edit`;
  return draft.values.lead_id ? `/quotations/new?lead_id=${encodeURIComponent(draft.values.lead_id)}` : '/quotations/new';
}

/** A quotation left unsaved (the tab was closed mid-way) waits here to be resumed or discarded. */
export function DraftBanner({ tenantId }: { tenantId: string }) {
  const userId = useSession().user?._id ?? 'anonymous';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [, setDiscarded] = useState(0);
  const draft = loadDraft(userId);
  const builderOpen = /\/(new|edit)\/?$/.test(pathname);
  if (!draft || draft.tenantId !== tenantId || builderOpen) return null;
  const name = draft.values.title.trim() || draft.values.client_name.trim();
  return (
    <StyledBanner role="region" aria-label="Unsaved quotation">
      <p>You have an unsaved quotation{name ? ` (${name})` : ''}.</p>
      <div>
        <Button $size="sm" onClick={() => navigate(draftPath(draft))}>
          Resume
        </Button>
        <Button
          $size="sm"
          $variant="secondary"
          onClick={() => {
            clearDraft(userId);
            setDiscarded((n) => n + 1);
          }}
        >
          Discard
        </Button>
      </div>
    </StyledBanner>
  );
}
