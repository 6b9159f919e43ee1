import styled from 'styled-components';
import { Avatar, Badge, Button, MutedText } from '@app/shared';
import { CardBadges, CardFacts } from '@app/shared/ui/card-layout';
import { Dialog, DialogFooter, formatDate } from '@app/shared/staff';
import { type User } from '@app/shared/forms';
import { displayName, groupTone, visibilityLabel } from '../utils/user-display';

const StyledIdentity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  > div { min-width: 0; }
  h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
  p { overflow-wrap: anywhere; }
`;

// Inside a fact row the badges line up with the label, not below it.
const StyledGroupBadges = styled(CardBadges)`
  margin-top: 0;
`;

const StyledId = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.8rem;
  overflow-wrap: anywhere;
`;

export interface UserDetailsDialogProps {
  user: User;
  tenantName: string | null;
  onEdit: (user: User) => void;
  onDismiss: () => void;
}

export function UserDetailsDialog({ user, tenantName, onEdit, onDismiss }: UserDetailsDialogProps) {
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  return (
    <Dialog isOpen onDismiss={onDismiss} title="User Details">
      <StyledIdentity>
        <Avatar name={user.full_name.trim() || user.email} size="3.5rem" />
        <div>
          <h3>{displayName(user)}</h3>
          <MutedText>{user.email}</MutedText>
        </div>
      </StyledIdentity>
      <CardFacts>
        <dt>Status</dt>
        <dd>
          <Badge $tone={user.is_active ? 'success' : 'warning'}>{user.is_active ? 'Active' : 'Inactive'}</Badge>
        </dd>
        <dt>Admin</dt>
        <dd>{yesNo(user.is_admin)}</dd>
        <dt>Staff</dt>
        <dd>{yesNo(user.is_staff)}</dd>
        <dt>Visibility</dt>
        <dd>{visibilityLabel(user.visibility)}</dd>
        <dt>Tenant</dt>
        <dd>{tenantName ?? 'Loading...'}</dd>
        <dt>Groups</dt>
        <dd>
          {user.groups.length === 0 ? (
            'None'
          ) : (
            <StyledGroupBadges>
              {user.groups.map((group) => (
                <Badge key={group.id} $tone={groupTone(group.name)} title={group.description || undefined}>
                  {group.name}
                </Badge>
              ))}
            </StyledGroupBadges>
          )}
        </dd>
        <dt>Joined</dt>
        <dd>{formatDate(user.created_at)}</dd>
        <dt>User ID</dt>
        <dd>
          <StyledId>{user.id}</StyledId>
        </dd>
      </CardFacts>
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
        <Button onClick={() => onEdit(user)}>Edit User</Button>
      </DialogFooter>
    </Dialog>
  );
}
