import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAppQueryClient } from '@app/shared/query';
import { type LeadListResponse } from '@app/shared/forms';
import { deferred, mockFetch, type MockResponse } from '../../../../test/fetch-mock';
import { lead, page, stage, TENANT_ID } from '../../../../test/fixtures';
import { leadsQueryKey } from '../get-leads';
import { useChangeLeadStage } from '../change-lead-stage';

const filters = { page: 1, limit: 20 };
const original = lead(1, { pipeline_stage_id: stage(1).id, pipeline_stage_name: 'Stage 1', pipeline_stage_color: '#111111' });
const target = stage(2, { name: 'Proposal', color: '#22AA55' });

function setup(answer: Promise<MockResponse>) {
  // The refetch after settling never answers, so what the cache holds is the mutation's doing.
  mockFetch(({ method }) => (method === 'GET' ? new Promise<MockResponse>(() => {}) : answer));
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(leadsQueryKey(TENANT_ID, filters), page('leads', [original, lead(2)]));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useChangeLeadStage(TENANT_ID), { wrapper });
  const cached = () => queryClient.getQueryData<LeadListResponse>(leadsQueryKey(TENANT_ID, filters))!.leads[0]!;
  return { result, cached };
}

describe('useChangeLeadStage', () => {
  it('shows the new stage at once and rolls it back when the server refuses', async () => {
    const answer = deferred<MockResponse>();
    const { result, cached } = setup(answer.promise);

    act(() => result.current.mutate({ lead: original, stage: target, notes: '' }));
    await waitFor(() => expect(cached().pipeline_stage_name).toBe('Proposal'));
    expect(cached().pipeline_stage_color).toBe('#22AA55');

    answer.resolve({ status: 400, body: { detail: 'Stage is inactive' } });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(cached()).toEqual(original);
  });

  it("keeps the server's version when the change succeeds", async () => {
    const saved = {
      ...original,
      pipeline_stage_id: target.id,
      pipeline_stage_name: 'Proposal',
      pipeline_stage_color: '#22AA55',
      updated_at: '2026-03-10T10:00:00.000Z',
    };
    const { result, cached } = setup(Promise.resolve({ body: saved }));
    act(() => result.current.mutate({ lead: original, stage: target, notes: 'Sent the quote' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cached()).toEqual(saved);
  });
});
