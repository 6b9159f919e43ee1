import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { TabPanel, Tabs } from '@app/shared/ui/tabs';
import { CallbacksDue } from '../features/call-queue/components/callbacks-due';
import { DashboardStats } from '../features/dashboard/components/dashboard-stats';
import { StyledPreloadArea } from '../components/layout';
import { ListSkeleton } from '../components/list-skeleton';
import { withView } from '../hooks/use-list-params';
import { REPORT_FILTER_KEYS } from '../features/reports/api/report-query';
import { GoalsPanel, ImportsPanel, LeadsPanel, ProspectsPanel, ReportsPanel, TenantsPanel } from './crm-panels';
import { DEFAULT_TAB, preloadOtherTabs, TABS, TABS_ID, type TabId, tabOf } from './crm-tabs';

/**
 * The workspace's parts in a column. On a phone the leads board comes first, right under the
 * tabs, and the dashboard's cards follow it: a manager opens the board to scan it, and above it the
 * cards took most of the first screen.
 */
const StyledWorkspace = styled.div`
  display: flex;
  flex-direction: column;
`;

const StyledDashboard = styled.div<{ $afterBoard: boolean }>`
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 1px)) {
    order: ${({ $afterBoard }) => ($afterBoard ? 1 : 0)};
  }
`;

/** The open tab lives in the address (?tab=leads), so a reload or a shared link keeps it. */
function useTab(): [TabId, (tab: TabId) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const setTab = (next: TabId) =>
    setParams(
      (current) => {
        // A list's search and filters (and the leads' board, the reports' range) belong to its tab: the next tab opens unfiltered.
        const updated = next === tab ? new URLSearchParams(current) : withView(current, {});
        if (next !== tab) for (const key of REPORT_FILTER_KEYS) updated.delete(key);
        if (next === DEFAULT_TAB) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}

export function Workspace({ tenantId, isAdmin }: { tenantId: string; isAdmin: boolean }) {
  const [tab, setTab] = useTab();
  const [params] = useSearchParams();
  const boardFirst = tab === 'leads' && params.get('view') === 'board';
  return (
    <StyledWorkspace>
      <StyledDashboard $afterBoard={boardFirst}>
        <DashboardStats tenantId={tenantId} />
        <CallbacksDue tenantId={tenantId} />
      </StyledDashboard>
      <StyledPreloadArea onPointerMove={preloadOtherTabs} onFocus={preloadOtherTabs}>
        <Tabs label="CRM sections" idPrefix={TABS_ID} tabs={TABS} value={tab} onChange={setTab} />
      </StyledPreloadArea>
      <TabPanel idPrefix={TABS_ID} id={tab}>
        <Suspense fallback={<ListSkeleton label="Loading..." />}>
          {tab === 'prospects' && <ProspectsPanel tenantId={tenantId} isAdmin={isAdmin} />}
          {tab === 'imports' && <ImportsPanel tenantId={tenantId} />}
          {tab === 'leads' && <LeadsPanel tenantId={tenantId} />}
          {tab === 'goals' && <GoalsPanel tenantId={tenantId} />}
          {tab === 'reports' && <ReportsPanel tenantId={tenantId} />}
          {tab === 'tenants' && <TenantsPanel isAdmin={isAdmin} />}
        </Suspense>
      </TabPanel>
    </StyledWorkspace>
  );
}
