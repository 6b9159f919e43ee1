import { useEffect, useState, type ReactNode } from 'react';
import { Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, EmptyState, ErrorPanel, useSelectedTenantId, useSession } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { PageLayout } from '@app/shared/ui/page-layout';
import { useMayChangeSetup, useTenantCurrency, useTenants } from '@app/shared/staff';
import { QUOTATION_DEFAULTS } from '@app/shared/quotations';
import { type Quotation } from '@app/shared/forms';
import { useQuotationProfile } from '../api/get-quotation-profile';
import { AreaNav } from '../components/area-nav';
import { ProductCatalogue } from '../features/product-catalogue/components/product-catalogue';
import { QuotationBuilder } from '../features/quotation-builder/components/quotation-builder';
import { QuotationDetailsDialog } from '../features/quotation-details/components/quotation-details-dialog';
import { QuotationsView } from '../features/quotation-list/components/quotations-view';
import { DraftBanner } from '../features/quotation-builder/components/draft-banner';

const LIST = '/quotations';

/** Why the catalogue's controls are missing, shown in their place. */
export const CATALOGUE_LOCKED_NOTE = 'Only admins change products and services in this tenant.';

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

/** The tenant's catalogue, in its currency, new products taxed at its quotation profile's rate. */
function Catalogue({ tenantId, adding, onAddingDone }: { tenantId: string; adding: boolean; onAddingDone: () => void }) {
  const currency = useTenantCurrency(tenantId);
  const mayChange = useMayChangeSetup(tenantId);
  const profile = useQuotationProfile(tenantId, true);
  return (
    <>
      {!mayChange && <EmptyState title={CATALOGUE_LOCKED_NOTE} />}
      <ProductCatalogue
        tenantId={tenantId}
        currency={currency}
        defaultTaxRate={profile.data?.tax_rate ?? QUOTATION_DEFAULTS.taxRate}
        mayChange={mayChange}
        adding={adding}
        onAddingDone={onAddingDone}
      />
    </>
  );
}

/** What either page shows once the tenant is known: nothing of a tenant the user cannot use. */
function TenantContent({ loading, children }: { loading: string; children: (tenantId: string) => ReactNode }) {
  const tenants = useTenants();
  const [tenantId] = useSelectedTenantId();
  if (tenants.isPending) return <LoadingState label={loading} />;
  if (tenants.isError)
    return <ErrorPanel title="Failed to load tenants" message="Quotations could not load their tenants." onRetry={() => void tenants.refetch()} />;
  if (tenants.data.length === 0) return <EmptyState title="No tenants yet" hint="Quotations belong to a tenant. Create one in the CRM first." />;
  if (!tenantId || !tenants.data.some((tenant) => tenant.id === tenantId)) {
    return <EmptyState title="No tenant selected" hint="Please select a tenant to view quotations." />;
  }
  return children(tenantId);
}

function QuotationsArea() {
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
      <AreaNav />
      {/* Keyed by tenant: a switch starts afresh (search, filter, page, open dialogs). */}
      <TenantContent loading="Loading quotations...">{(tenantId) => <Workspace key={tenantId} tenantId={tenantId} />}</TenantContent>
    </PageLayout>
  );
}

function CatalogueArea() {
  const { isAuthenticated } = useSession();
  const [tenantId] = useSelectedTenantId();
  const mayChange = useMayChangeSetup(tenantId ?? '');
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    document.title = 'Products and services | Orbitra Group';
  }, []);
  return (
    <PageLayout
      title="Products and services"
      description="The catalogue your quotations' lines pick from: each line copies a product's name, unit and price, so a later change never alters a quotation made."
      actions={isAuthenticated && tenantId && mayChange && <Button onClick={() => setAdding(true)}>Add Product</Button>}
    >
      <AreaNav />
      <TenantContent loading="Loading products...">
        {(id) => <Catalogue key={id} tenantId={id} adding={adding} onAddingDone={() => setAdding(false)} />}
      </TenantContent>
    </PageLayout>
  );
}

export default function QuotationsPage() {
  return (
    <Routes>
      <Route path="products/*" element={<CatalogueArea />} />
      <Route path="*" element={<QuotationsArea />} />
    </Routes>
  );
}
