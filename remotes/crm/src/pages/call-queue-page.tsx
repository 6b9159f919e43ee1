import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '@app/shared';
import { CallQueueScreen } from '../features/call-queue/components/call-queue-screen';
import { filterFromSearch } from '../features/call-queue/utils/queue-filter';
import { useGoals } from '../features/goals/api/get-goals';
import { goalsForCallTracking } from '../features/goals/utils/goal-metrics';
import { useStatusOptions } from '../features/status-options/api/get-status-options';
import { activeSorted } from '../lib/options';

/** The call queue of a tenant over the filter in the address, with the tenant's statuses and goals. */
export function CallQueuePage({ tenantId }: { tenantId: string }) {
  const [params] = useSearchParams();
  const search = params.toString();
  const filter = useMemo(() => filterFromSearch(new URLSearchParams(search)), [search]);
  const statuses = useStatusOptions(tenantId);
  const goals = useGoals(tenantId);
  const activeStatuses = useMemo(() => activeSorted(statuses.data ?? []), [statuses.data]);
  const callGoals = useMemo(() => goalsForCallTracking(goals.data ?? [], new Date()), [goals.data]);
  useEffect(() => {
    document.title = 'Call Queue | Orbitra Group';
  }, []);
  return (
    <>
      <Link to="/crm">Back to prospects</Link>
      {statuses.isPending || goals.isPending ? (
        <LoadingState label="Loading the call queue..." />
      ) : (
        <CallQueueScreen tenantId={tenantId} statuses={activeStatuses} goals={callGoals} filter={filter} />
      )}
    </>
  );
}
