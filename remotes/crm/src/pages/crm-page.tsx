import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { EmptyState, ErrorPanel, MutedText, PageTitle, useSelectedTenantId, useSession } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { TabPanel, Tabs } from '@app/shared/ui/tabs';
import { useTenants } from '@app/shared/tenants';
import { CallbacksDue } from '../features/call-queue/components/callbacks-due';
import { DashboardStats } from '../features/dashboard/components/dashboard-stats';
import { CallQueuePage } from './call-queue-page';
import { lazyPart } from '../lib/lazy-part';
import { CreateTenantButton } from '../features/tenants/components/create-tenant-button';
import { StyledPreloadArea } from '../components/layout';
import { ListSkeleton } from '../components/list-skeleton';
import { useViewResetOnTenantChange, withView } from '../hooks/use-list-params';
import { REPORT_FILTER_KEYS } from '../features/reports/api/report-query';
import { GoalsPanel, ImportsPanel, LeadsPanel, preloadOtherTabs, ProspectsPanel, ReportsPanel, TenantsPanel } from './crm-panels';

// A record's page loads its code when first opened: the dashboard does not wait for it.
const ProspectRecordPage = lazyPart(() => import('./prospect-record-page'), 'ProspectRecordPage');
const LeadRecordPage = lazyPart(() => import('./lead-record-page'), 'LeadRecordPage');
const MyDayPage = lazyPart(() => import('./my-day-page'), 'MyDayPage');

const StyledPage = styled.section`
  padding: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(6)};
  }
`;

const StyledHeading = styled.header`
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1 { margin-bottom: ${({ theme }) => theme.space(1)}; }
`;

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

const TABS = [
  { id: 'prospects', label: 'Prospects' },
  { id: 'imports', label: 'Imports' },
  { id: 'leads', label: 'Leads' },
  { id: 'goals', label: 'Goals' },
  { id: 'reports', label: 'Reports' },
  { id: 'tenants', label: 'Tenants' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const DEFAULT_TAB: TabId = 'prospects';
const TABS_ID = 'crm';

/** The open tab lives in the address (?tab=leads), so a reload or a shared link keeps it. */
function useTab(): [TabId, (tab: TabId) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // Only the leads have a board: a board link without a tab (?view=board) means the leads.
  const implied = params.get('view') === 'board' ? 'leads' : DEFAULT_TAB;
  const tab = TABS.some((item) => item.id === requested) ? (requested as TabId) : implied;
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

function Workspace({ tenantId, isAdmin }: { tenantId: string; isAdmin: boolean }) {
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

function RecordRoute({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState label="Loading..." />}>{children}</Suspense>;
}

function CrmContent() {
  const { user } = useSession();
  const isAdmin = Boolean(user?.is_admin);
  const tenants = useTenants();
  const [tenantId] = useSelectedTenantId();
  const previousTenantsView = useViewResetOnTenantChange(tenantId);

  if (tenants.isPending) {
    return <LoadingState label="Loading CRM data..." />;
  }
  if (tenants.isError) {
    return <ErrorPanel title="Failed to load tenants" message="The CRM could not load its tenants." onRetry={() => void tenants.refetch()} />;
  }
  if (tenants.data.length === 0) {
    return isAdmin ? (
      <EmptyState
        title="No tenants yet"
        hint="A tenant holds one team's prospects, leads and goals. Create one to begin."
        action={<CreateTenantButton label="Create First Tenant" />}
      />
    ) : (
      <EmptyState title="No tenants yet" hint="Contact an administrator to create tenants." />
    );
  }
  if (previousTenantsView) return <ListSkeleton label="Loading..." />;
  if (!tenantId || !tenants.data.some((tenant) => tenant.id === tenantId)) {
    return <EmptyState title="No tenant selected" hint="Please select a tenant to view CRM data." />;
  }
  // Keyed by tenant: a switch starts every tab afresh (search, filters, page, open dialogs, the queue).
  return (
    <Routes>
      <Route path="call-queue" element={<CallQueuePage key={tenantId} tenantId={tenantId} />} />
      <Route path="my-day" element={<RecordRoute>{<MyDayPage key={tenantId} tenantId={tenantId} />}</RecordRoute>} />
      <Route path="prospects/:id" element={<RecordRoute>{<ProspectRecordPage key={tenantId} tenantId={tenantId} />}</RecordRoute>} />
      <Route path="leads/:id" element={<RecordRoute>{<LeadRecordPage key={tenantId} tenantId={tenantId} />}</RecordRoute>} />
      <Route path="*" element={<Workspace key={tenantId} tenantId={tenantId} isAdmin={isAdmin} />} />
    </Routes>
  );
}

/** Record pages and My day: each has its own h1, so the dashboard's heading stays off them. */
const OWN_PAGE = /^\/crm\/((prospects|leads)\/[^/]+|my-day)\/?$/;

/** Read from the location, as the shell shares only the router hooks its own code uses. */
function useOnOwnPage(): boolean {
  return OWN_PAGE.test(useLocation().pathname);
}

export default function CrmPage() {
  const onOwnPage = useOnOwnPage();
  useEffect(() => {
    document.title = 'CRM Dashboard | Orbitra Group';
  }, []);
  return (
    <StyledPage>
      {!onOwnPage && (
        <StyledHeading>
          <PageTitle>CRM Dashboard</PageTitle>
          <MutedText>Work prospects, follow leads and track daily call goals.</MutedText>
        </StyledHeading>
      )}
      <CrmContent />
    </StyledPage>
  );
}
