import { useMemo } from 'react';
import { StartCallingButton } from '../features/call-queue/components/start-calling-button';
import { ManagePipelineStagesButton } from '../features/pipeline-stages/components/manage-pipeline-stages-button';
import { usePipelineStages } from '../features/pipeline-stages/api/get-pipeline-stages';
import { useGoals } from '../features/goals/api/get-goals';
import { goalsForCallTracking } from '../features/goals/utils/goal-metrics';
import { ProspectsTab } from '../features/prospects/components/prospects-tab';
import { UploadProspectsButton } from '../features/prospect-upload/components/upload-prospects-button';
import { ManageStatusOptionsButton } from '../features/status-options/components/manage-status-options-button';
import { useStatusOptions } from '../features/status-options/api/get-status-options';
import { ManageTeamsButton } from '../features/teams/components/manage-teams-button';
import { activeSorted } from '../lib/options';
import { lazyPart } from '../lib/lazy-part';

/*
 * The page is where features meet: each tab gets the other features' data and buttons through
 * props, so no feature imports another. The prospects tab opens first and comes with the page;
 * every other tab's code loads when the tab is first opened (or the pointer nears the tabs).
 */

const ImportsTab = lazyPart(() => import('../features/imports/components/imports-tab'), 'ImportsTab');
const LeadsTab = lazyPart(() => import('../features/leads/components/leads-tab'), 'LeadsTab');
const GoalsTab = lazyPart(() => import('../features/goals/components/goals-tab'), 'GoalsTab');
const TenantsTab = lazyPart(() => import('../features/tenants/components/tenants-tab'), 'TenantsTab');

export function preloadOtherTabs() {
  for (const tab of [ImportsTab, LeadsTab, GoalsTab, TenantsTab]) void tab.preload();
}

function useActiveStages(tenantId: string) {
  const { data } = usePipelineStages(tenantId);
  return useMemo(() => activeSorted(data ?? []), [data]);
}

export function ProspectsPanel({ tenantId, isAdmin }: { tenantId: string; isAdmin: boolean }) {
  const { data: statusOptions } = useStatusOptions(tenantId);
  const { data: goals } = useGoals(tenantId);
  const stages = useActiveStages(tenantId);
  const statuses = useMemo(() => activeSorted(statusOptions ?? []), [statusOptions]);
  const callGoals = useMemo(() => goalsForCallTracking(goals ?? [], new Date()), [goals]);
  return (
    <ProspectsTab
      tenantId={tenantId}
      statuses={statuses}
      goals={callGoals}
      stages={stages}
      manageStatusAction={
        <>
          <ManageStatusOptionsButton tenantId={tenantId} />
          {/* Teams decide who sees what: only admins set them up. */}
          {isAdmin && <ManageTeamsButton tenantId={tenantId} />}
        </>
      }
      uploadAction={<UploadProspectsButton />}
      callAction={(filter) => <StartCallingButton filter={filter} />}
    />
  );
}

export function ImportsPanel({ tenantId }: { tenantId: string }) {
  return <ImportsTab tenantId={tenantId} uploadAction={<UploadProspectsButton />} />;
}

export function LeadsPanel({ tenantId }: { tenantId: string }) {
  const stages = useActiveStages(tenantId);
  return <LeadsTab tenantId={tenantId} stages={stages} manageStagesAction={<ManagePipelineStagesButton tenantId={tenantId} />} />;
}

export function GoalsPanel({ tenantId }: { tenantId: string }) {
  return <GoalsTab tenantId={tenantId} />;
}

export function TenantsPanel({ isAdmin }: { isAdmin: boolean }) {
  return <TenantsTab isAdmin={isAdmin} />;
}
