import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, errorMessage, ErrorPanel, MutedText, useSession } from '@app/shared';
import { CardGrid } from '@app/shared/ui/card-layout';
import { LoadingState } from '@app/shared/ui/loading-state';
import { type User } from '@app/shared/forms';
import { PageLayout } from '../../../components/page-layout';
import { useUsers } from '../api/get-users';
import { useTenantLabel } from '../hooks/use-tenant-label';
import { useUserFilters } from '../hooks/use-user-filters';
import { countUsers, NO_FILTERS } from '../utils/user-filters';
import { DeleteUserDialog } from './delete-user-dialog';
import { ManageGroupsDialog } from './manage-groups-dialog';
import { UserCard, type UserAction } from './user-card';
import { UserDetailsDialog } from './user-details-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UserStats } from './user-stats';
import { UserToolbar } from './user-toolbar';

const StyledCount = styled(MutedText)`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

type Open = { kind: 'create' } | { kind: UserAction; user: User } | null;

const NO_USERS: User[] = [];

export function UsersView() {
  const { user: me } = useSession();
  const users = useUsers();
  const all = users.data ?? NO_USERS;
  const counts = useMemo(() => countUsers(all), [all]);
  const { filters, update, shown, filtering } = useUserFilters(all);
  const tenantName = useTenantLabel();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const isSelf = (user: User) => user.id === me?._id;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deleted, setDeleted] = useState(0);

  // The menu button that opened the confirmation left with the deleted card; focus goes to the
  // page title instead of falling back to the document body.
  useEffect(() => {
    if (deleted > 0) headingRef.current?.focus();
  }, [deleted]);

  let content: ReactNode;
  if (users.isPending) content = <LoadingState label="Loading users..." />;
  else if (users.isError)
    content = (
      <ErrorPanel title="Failed to load users" message={errorMessage(users.error, 'The users could not be loaded.')} onRetry={() => void users.refetch()} />
    );
  else
    content = (
      <>
        <UserStats counts={counts} />
        <UserToolbar filters={filters} onChange={update} />
        <StyledCount role="status">
          Showing {shown.length} of {all.length} users
        </StyledCount>
        {shown.length === 0 ? (
          <EmptyState
            title="No users found"
            hint={filtering ? 'Try adjusting your search or filter criteria' : 'No users have been created yet'}
            action={
              filtering && (
                <Button $variant="secondary" onClick={() => update(NO_FILTERS)}>
                  Clear filters
                </Button>
              )
            }
          />
        ) : (
          <CardGrid aria-label="Users">
            {shown.map((user) => (
              <li key={user.id}>
                <UserCard
                  user={user}
                  tenantName={tenantName(user.tenant_id)}
                  isSelf={isSelf(user)}
                  onAction={(kind, target) => setOpen({ kind, user: target })}
                />
              </li>
            ))}
          </CardGrid>
        )}
      </>
    );

  return (
    <PageLayout
      title="User Management"
      headingRef={headingRef}
      description="Manage user accounts, their access and group memberships."
      actions={<Button onClick={() => setOpen({ kind: 'create' })}>Add User</Button>}
    >
      {content}
      {open?.kind === 'create' && <UserFormDialog onDismiss={close} />}
      {open?.kind === 'edit' && <UserFormDialog user={open.user} isSelf={isSelf(open.user)} onDismiss={close} />}
      {open?.kind === 'groups' && <ManageGroupsDialog user={open.user} onDismiss={close} />}
      {open?.kind === 'details' && (
        <UserDetailsDialog user={open.user} tenantName={tenantName(open.user.tenant_id)} onEdit={(user) => setOpen({ kind: 'edit', user })} onDismiss={close} />
      )}
      {open?.kind === 'delete' && <DeleteUserDialog user={open.user} onDeleted={() => setDeleted((count) => count + 1)} onDismiss={close} />}
    </PageLayout>
  );
}
