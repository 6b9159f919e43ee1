import { useServerDay } from '../api/get-server-day';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import styled from 'styled-components';
import { EmptyState, ErrorPanel, MutedText, PageTitle, useSelectedTenantId, useSession, lazyPart } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { useTenants } from '@app/shared/tenants';
import { CallQueuePage } from './call-queue-page';
import { CreateTenantButton } from '../features/tenants/components/create-tenant-button';
import { ListSkeleton } from '../components/list-skeleton';
import { useViewResetOnTenantChange } from '../hooks/use-list-params';
import { preloadOpenTab } from './crm-tabs';

// A record's page loads its code when first opened: the dashboard does not wait for it.
const ProspectRecordPage = lazyPart(() => import('./prospect-record-page'), 'ProspectRecordPage');
const LeadRecordPage = lazyPart(() => import('./lead-record-page'), 'LeadRecordPage');
const MyDayPage = lazyPart(() => import('./my-day-page'), 'MyDayPage');
// So does the workspace (the dashboard, the tabs and their lists): a record page or My day opened from a link
// loads none of it. A link to the workspace starts it, and its open tab, as the page renders (preloadWorkspace).
const Workspace = lazyPart(() => import('./crm-workspace'), 'Workspace');

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

function RecordRoute({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState label="Loading..." />}>{children}</Suspense>;
}

function CrmContent() {
  const { user } = useSession();
  const isAdmin = Boolean(user?.is_admin);
  const tenants = useTenants();
  // Read once on arrival: a form opened later starts on the server's day at once.
  useServerDay();
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
      <Route
        path="*"
        element={
          <Suspense fallback={<ListSkeleton label="Loading..." />}>
            <Workspace key={tenantId} tenantId={tenantId} isAdmin={isAdmin} />
          </Suspense>
        }
      />
    </Routes>
  );
}

/** Record pages and My day: each has its own h1, so the dashboard's heading stays off them. */
const OWN_PAGE = /^\/crm\/((prospects|leads)\/[^/]+|my-day)\/?$/;

const CALL_QUEUE = /^\/crm\/call-queue\/?$/;

/**
 * Starts the workspace's code and its open tab's together, as soon as the page renders on a workspace address, so
 * the list waits for no more than a static import would have; a record page, My day or the call queue starts neither.
 */
function preloadWorkspace({ pathname, search }: { pathname: string; search: string }) {
  if (OWN_PAGE.test(pathname) || CALL_QUEUE.test(pathname)) return;
  void Workspace.preload();
  preloadOpenTab(new URLSearchParams(search));
}

export default function CrmPage() {
  // Read from the location, as the shell shares only the router hooks its own code uses.
  const location = useLocation();
  const onOwnPage = OWN_PAGE.test(location.pathname);
  preloadWorkspace(location);
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
