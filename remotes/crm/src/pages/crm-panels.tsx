import { useMemo } from 'react';
import { useSession } from '@app/shared';
import type { SavedViewTarget } from '@app/shared/contracts/constants';
import { StartCallingButton } from '../features/call-queue/components/start-calling-button';
import { ManagePipelineStagesButton } from '../features/pipeline-stages/components/manage-pipeline-stages-button';
import { usePipelineStages } from '../features/pipeline-stages/api/get-pipeline-stages';
import { useActiveGoals } from '../features/goals/api/get-goals';
import { UploadProspectsButton } from '../features/prospect-upload/components/upload-prospects-button';
import { ViewsMenu } from '../features/saved-views/components/views-menu';
import { ManageStatusOptionsButton } from '../features/status-options/components/manage-status-options-button';
import { useStatusOptions } from '../features/status-options/api/get-status-options';
import { useViewParams } from '../hooks/use-list-params';
import { AssignToButton } from '../features/owners/components/assign-to-button';
import { ExportMenu } from '../features/list-export/components/export-menu';
import { useOwners } from '../api/get-owners';
import { ManageTeamsButton } from '../features/teams/components/manage-teams-button';
import { activeSorted } from '../lib/options';
import type { AssignNoun, AssignScope } from '../lib/owners';
import { GoalsTab, ImportsTab, LeadsTab, ProspectsTab, ReportsTab, TenantsTab } from './crm-tabs';
import { SetupLockedNote } from '../components/setup-locked-note';
import { useMayChangeSetup } from '../hooks/use-setup-access';

/*
 * The page is where features meet: each tab gets the other features' data and buttons through
 * props, so no feature imports another. Each tab's code is a part of its own (crm-tabs.ts).
 */

function useActiveStages(tenantId: string) {
  const { data } = usePipelineStages(tenantId);
  return useMemo(() => activeSorted(data ?? []), [data]);
}

/** The saved views of a list or the board, over the view the address holds. */
function SavedViews({ tenantId, target }: { tenantId: string; target: SavedViewTarget }) {
  const { current, apply } = useViewParams();
  return <ViewsMenu tenantId={tenantId} target={target} query={current} onApply={apply} />;
}
/** The tenant's users, and Assign to for a list, handed to the prospects and leads tabs. */
function useOwnership(tenantId: string, noun: AssignNoun) {
  const owners = useOwners(tenantId).data?.owners ?? NO_OWNERS;
  const { user } = useSession();
  // Handing many records over at once needs Team or All visibility (the server refuses it otherwise).
  const mayAssign = Boolean(user?.is_admin) || user?.visibility !== 'own';
  const assignAction = mayAssign ? (scope: AssignScope) => <AssignToButton tenantId={tenantId} noun={noun} owners={owners} {...scope} /> : undefined;
  return { owners, assignAction };
}
const NO_OWNERS: never[] = [];
const NO_GOALS: never[] = [];

export function ProspectsPanel({ tenantId, isAdmin }: { tenantId: string; isAdmin: boolean }) {
  const { data: statusOptions } = useStatusOptions(tenantId);
  // Only the goals active today are offered: a call on any other is refused.
  const { data: callGoals = NO_GOALS } = useActiveGoals(tenantId);
  const stages = useActiveStages(tenantId);
  const statuses = useMemo(() => activeSorted(statusOptions ?? []), [statusOptions]);
  const ownership = useOwnership(tenantId, 'prospects');
  const mayChangeSetup = useMayChangeSetup(tenantId);
  return (
    <ProspectsTab
      {...ownership}
      tenantId={tenantId}
      statuses={statuses}
      goals={callGoals}
      stages={stages}
      manageStatusAction={
        <>
          {mayChangeSetup ? <ManageStatusOptionsButton tenantId={tenantId} /> : <SetupLockedNote />}
          {/* Teams decide who sees what: only admins set them up. */}
          {isAdmin && <ManageTeamsButton tenantId={tenantId} />}
        </>
      }
      uploadAction={<UploadProspectsButton />}
      callAction={(filter) => <StartCallingButton filter={filter} />}
      viewsAction={<SavedViews tenantId={tenantId} target="prospects" />}
      exportAction={(filter) => <ExportMenu tenantId={tenantId} list="prospects" filter={filter} />}
    />
  );
}

export function ImportsPanel({ tenantId }: { tenantId: string }) {
  return <ImportsTab tenantId={tenantId} uploadAction={<UploadProspectsButton />} />;
}

export function LeadsPanel({ tenantId }: { tenantId: string }) {
  const stages = useActiveStages(tenantId);
  const ownership = useOwnership(tenantId, 'leads');
  const mayChangeSetup = useMayChangeSetup(tenantId);
  return (
    <LeadsTab
      {...ownership}
      tenantId={tenantId}
      stages={stages}
      manageStagesAction={mayChangeSetup ? <ManagePipelineStagesButton tenantId={tenantId} /> : <SetupLockedNote />}
      viewsAction={(target) => <SavedViews tenantId={tenantId} target={target} />}
      exportAction={(filter) => <ExportMenu tenantId={tenantId} list="leads" filter={filter} />}
    />
  );
}

export function GoalsPanel({ tenantId }: { tenantId: string }) {
  const mayChangeSetup = useMayChangeSetup(tenantId);
  return <GoalsTab tenantId={tenantId} lockedNote={mayChangeSetup ? undefined : <SetupLockedNote />} />;
}

export function TenantsPanel({ isAdmin }: { isAdmin: boolean }) {
  return <TenantsTab isAdmin={isAdmin} />;
}

export function ReportsPanel({ tenantId }: { tenantId: string }) {
  const owners = useOwners(tenantId).data?.owners ?? NO_OWNERS;
  return <ReportsTab tenantId={tenantId} owners={owners} />;
}
