import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAppQueryClient } from '@app/shared/query';
import { type ProspectListResponse } from '@app/shared/forms';
import { deferred, mockFetch, type MockResponse } from '../../../../test/fetch-mock';
import { page, prospect, stage, TENANT_ID } from '../../../../test/fixtures';
import { prospectsQueryKey } from '../get-prospects';
import { useChangeProspectStage } from '../change-prospect-stage';

describe('useChangeProspectStage', () => {
  it('updates every cached list at once and restores them all on failure', async () => {
    const answer = deferred<MockResponse>();
    const { calls } = mockFetch(({ method }) => (method === 'GET' ? new Promise<MockResponse>(() => {}) : answer.promise));
    const queryClient = createAppQueryClient();
    const row = prospect(1);
    const firstPage = prospectsQueryKey(TENANT_ID, { page: 1, limit: 20 });
    const searched = prospectsQueryKey(TENANT_ID, { q: 'Prospect', page: 1, limit: 20 });
    queryClient.setQueryData(firstPage, page('prospects', [row]));
    queryClient.setQueryData(searched, page('prospects', [row]));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useChangeProspectStage(TENANT_ID), { wrapper });
    const stageOf = (key: readonly unknown[]) => queryClient.getQueryData<ProspectListResponse>(key)!.prospects[0]!.pipeline_stage_name;

    act(() => result.current.mutate({ prospect: row, stage: stage(3, { name: 'Qualified' }), notes: 'Good call' }));
    await waitFor(() => expect(stageOf(firstPage)).toBe('Qualified'));
    expect(stageOf(searched)).toBe('Qualified');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ prospect_id: row.id, pipeline_stage_id: stage(3).id, notes: 'Good call' });

    answer.resolve({ status: 500 });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(stageOf(firstPage)).toBeNull();
    expect(stageOf(searched)).toBeNull();
  });
});
