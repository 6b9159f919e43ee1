import { useEffect, useState } from 'react';
import { Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, EmptyState, ErrorPanel, useSelectedTenantId, useSession } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { PageLayout } from '@app/shared/ui/page-layout';
import { useTenants } from '@app/shared/staff';
import { type Quotation } from '@app/shared/forms';
import { QuotationBuilder } from '../features/quotation-builder/components/quotation-builder';
import { QuotationDetailsDialog } from '../features/quotation-details/components/quotation-details-dialog';
import { QuotationsView } from '../features/quotation-list/components/quotations-view';
import { DraftBanner } from '../features/quotation-builder/components/draft-banner';

const LIST = '/quotations';

function NewBuilder({ tenantId }: { tenantId: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const leadId = params.get('lead_id');
  return <QuotationBuilder key={leadId ?? 'new'} tenantId={tenantId} target={{ kind: 'new', leadId }} onClose={() => navigate(LIST)} />;
}

function EditBuilder({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return <QuotationBuilder key={id} tenantId={tenantId} target={{ kind: 'edit', quotationId: id }} onClose={() => navigate(LIST)} />;
}

/** The list, with the builder at /quotations/new and /quotations/{id}/edit so a reload reopens it. */
function Workspace({ tenantId }: { tenantId: string }) {
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<Quotation | null>(null);
  const edit = (quotation: Quotation) => {
    setViewing(null);
    navigate(`${LIST}/${quotation.id}/edit`);
  };
  return (
    <>
      <DraftBanner tenantId={tenantId} />
      <QuotationsView tenantId={tenantId} onView={setViewing} onEdit={edit} />
      {viewing && <QuotationDetailsDialog tenantId={tenantId} quotation={viewing} onEdit={edit} onDismiss={() => setViewing(null)} />}
      <Routes>
        <Route path="new" element={<NewBuilder tenantId={tenantId} />} />
        <Route path=":id/edit" element={<EditBuilder tenantId={tenantId} />} />
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}

function QuotationsContent() {
  const tenants = useTenants();
  const [tenantId] = useSelectedTenantId();
  if (tenants.isPending) return <LoadingState label="Loading quotations..." />;
  if (tenants.isError)
    return <ErrorPanel title="Failed to load tenants" message="Quotations could not load their tenants." onRetry={() => void tenants.refetch()} />;
  if (tenants.data.length === 0) return <EmptyState title="No tenants yet" hint="Quotations belong to a tenant. Create one in the CRM first." />;
  if (!tenantId || !tenants.data.some((tenant) => tenant.id === tenantId)) {
    return <EmptyState title="No tenant selected" hint="Please select a tenant to view quotations." />;
  }
  // Keyed by tenant: a switch starts afresh (search, filter, page, open dialogs).
  return <Workspace key={tenantId} tenantId={tenantId} />;
}

export default function QuotationsPage() {
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  useEffect(() => {
    document.title = 'Quotations | Orbitra Group';
  }, []);
  return (
    <PageLayout
      title="Quotations"
      description="Manage and track your business quotations"
      actions={isAuthenticated && <Button onClick={() => navigate(`${LIST}/new`)}>New Quotation</Button>}
    >
      <QuotationsContent />
    </PageLayout>
  );
}
