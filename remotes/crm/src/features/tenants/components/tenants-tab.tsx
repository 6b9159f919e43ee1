import { useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Card, EmptyState, ErrorPanel, MutedText } from '@app/shared';
import { CardBadges, CardFacts, CardGrid, CardHeader } from '@app/shared/ui/card-layout';
import { RefreshButton } from '@app/shared/ui/refresh-button';
import { SearchField } from '@app/shared/ui/search-field';
import { formatDate, useTenants } from '@app/shared/staff';
import { type Tenant } from '@app/shared/forms';
import { ListSkeleton } from '../../../components/list-skeleton';
import { StyledCardText, StyledListFooter, StyledToolbar, StyledToolbarActions } from '../../../components/layout';
import { filterTenants } from '../utils/filter-tenants';
import { CreateTenantButton } from './create-tenant-button';
import { TenantFormDialog } from './tenant-form-dialog';

function TenantCard({ tenant, onEdit }: { tenant: Tenant; onEdit?: (tenant: Tenant) => void }) {
  return (
    <Card as="article" aria-label={tenant.name}>
      <CardHeader>
        <Avatar name={tenant.name} />
        <div>
          <h3>{tenant.name}</h3>
          <small>{tenant.domain}</small>
          <CardBadges>
            {/* Tenants are always active today; the badge is where a future state would show. */}
            <Badge $tone="success">active</Badge>
          </CardBadges>
        </div>
        {onEdit && (
          <Button $variant="ghost" $size="sm" aria-label={`Edit ${tenant.name}`} onClick={() => onEdit(tenant)}>
            Edit
          </Button>
        )}
      </CardHeader>
      {tenant.description && <StyledCardText>{tenant.description}</StyledCardText>}
      <CardFacts>
        <dt>Created</dt>
        <dd>{formatDate(tenant.created_at)}</dd>
      </CardFacts>
    </Card>
  );
}

/** Every tenant the user can see; only admins may add or edit (the server enforces it too). */
export function TenantsTab({ isAdmin }: { isAdmin: boolean }) {
  const { data, isPending, isError, isFetching, refetch } = useTenants();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Tenant | null>(null);
  const tenants = data ?? [];
  const shown = filterTenants(tenants, search);

  let list: ReactNode;
  if (isPending) list = <ListSkeleton label="Loading tenants..." count={3} />;
  else if (isError) list = <ErrorPanel title="Failed to load tenants" message="The tenants could not be loaded." onRetry={() => void refetch()} />;
  else if (shown.length === 0) list = <EmptyState title="No tenants found" hint="Try adjusting your search criteria" />;
  else
    list = (
      <CardGrid aria-label="Tenants">
        {shown.map((tenant) => (
          <li key={tenant.id}>
            <TenantCard tenant={tenant} onEdit={isAdmin ? setEditing : undefined} />
          </li>
        ))}
      </CardGrid>
    );

  return (
    <>
      <StyledToolbar>
        <SearchField label="Search tenants" placeholder="Search tenants..." value={search} onChange={(event) => setSearch(event.target.value)} />
        <StyledToolbarActions>
          <RefreshButton onRefresh={() => void refetch()} refreshing={isFetching && !isPending} />
          {isAdmin && <CreateTenantButton />}
        </StyledToolbarActions>
      </StyledToolbar>
      {!isAdmin && <MutedText>Only administrators can add or edit tenants.</MutedText>}
      {data && (
        <StyledListFooter>
          <MutedText role="status">
            Showing {shown.length} of {tenants.length} tenants
          </MutedText>
        </StyledListFooter>
      )}
      {list}
      {editing && <TenantFormDialog tenant={editing} onDismiss={() => setEditing(null)} />}
    </>
  );
}
