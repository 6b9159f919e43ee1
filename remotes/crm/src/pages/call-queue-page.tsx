import { Suspense, useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '@app/shared/ui/loading-state';
import { filterFromSearch } from '../features/call-queue/utils/queue-filter';
import { EmailButton } from '../features/record-mail/components/email-button';
import { useActiveGoals } from '../features/goals/api/get-goals';
import { useStatusOptions } from '../features/status-options/api/get-status-options';
import { activeSorted } from '../lib/options';
import { lazyPart } from '@app/shared';

// The queue's screen loads when the queue is opened: the prospects list, where a session starts, does without it.
const CallQueueScreen = lazyPart(() => import('../features/call-queue/components/call-queue-screen'), 'CallQueueScreen');

/** The call queue of a tenant over the filter in the address, with the tenant's statuses and goals. */
export function CallQueuePage({ tenantId }: { tenantId: string }) {
  const [params] = useSearchParams();
  const search = params.toString();
  const filter = useMemo(() => filterFromSearch(new URLSearchParams(search)), [search]);
  const statuses = useStatusOptions(tenantId);
  // Only the goals active today: a call on any other is refused.
  const goals = useActiveGoals(tenantId);
  const activeStatuses = useMemo(() => activeSorted(statuses.data ?? []), [statuses.data]);
  useEffect(() => {
    document.title = 'Call Queue | Orbitra Group';
  }, []);
  const loading = <LoadingState label="Loading the call queue..." />;
  return (
    <>
      <Link to="/crm">Back to prospects</Link>
      {statuses.isPending || goals.isPending ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <CallQueueScreen
            tenantId={tenantId}
            statuses={activeStatuses}
            goals={goals.data ?? []}
            filter={filter}
            cardActions={(prospect) => <EmailButton tenantId={tenantId} kind="prospects" id={prospect.id} name={prospect.name} />}
          />
        </Suspense>
      )}
    </>
  );
}
