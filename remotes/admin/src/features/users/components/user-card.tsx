import styled from 'styled-components';
import { Avatar, Badge, Card, Skeleton, Menu } from '@app/shared';
import { CardBadges, CardFacts, CardHeader } from '@app/shared/ui/card-layout';
import { formatDate } from '@app/shared/staff';
import { type User } from '@app/shared/forms';
import { displayName, groupTone } from '../utils/user-display';

const StyledCard = styled(Card)`
  display: flex;
  flex-direction: column;
`;

const StyledGroups = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(3)};
  h4 { font-size: 0.8rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; margin: 0 0 ${({ theme }) => theme.space(1)}; }
  ul { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(1)}; margin: 0; padding: 0; list-style: none; }
`;

export type UserAction = 'groups' | 'details' | 'edit' | 'delete';

export interface UserCardProps {
  user: User;
  /** null while the tenants are still loading. */
  tenantName: string | null;
  /** The signed-in admin's own card: it cannot delete itself (its session would end mid-page). */
  isSelf: boolean;
  onAction: (action: UserAction, user: User) => void;
}

export function UserCard({ user, tenantName, isSelf, onAction }: UserCardProps) {
  const name = displayName(user);
  // Without a name the email is what tells two cards apart to a screen reader.
  const label = user.full_name.trim() || user.email;
  return (
    <StyledCard as="article" aria-label={label}>
      <CardHeader>
        <Avatar name={label} />
        <div>
          <h3>{name}</h3>
          <CardBadges>
            <Badge $tone={user.is_active ? 'success' : 'warning'}>{user.is_active ? 'Active' : 'Inactive'}</Badge>
            {user.is_admin && <Badge $tone="danger">Admin</Badge>}
            {user.is_staff && !user.is_admin && <Badge $tone="info">Staff</Badge>}
          </CardBadges>
        </div>
        <Menu
          label={`Actions for ${label}`}
          items={[
            { label: 'Manage Groups', onSelect: () => onAction('groups', user) },
            { label: 'View Details', onSelect: () => onAction('details', user) },
            { label: 'Edit User', onSelect: () => onAction('edit', user) },
            { label: 'Delete', onSelect: () => onAction('delete', user), destructive: true, disabled: isSelf },
          ]}
        />
      </CardHeader>
      <CardFacts>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${user.email}`}>{user.email}</a>
        </dd>
        <dt>Tenant</dt>
        <dd>{tenantName ?? <Skeleton $width="6rem" role="img" aria-label="Loading tenant" />}</dd>
        <dt>Joined</dt>
        <dd>{formatDate(user.created_at)}</dd>
      </CardFacts>
      {user.groups.length > 0 && (
        <StyledGroups>
          <h4>Groups</h4>
          <ul aria-label={`Groups of ${label}`}>
            {user.groups.map((group) => (
              <li key={group.id}>
                <Badge $tone={groupTone(group.name)}>{group.name}</Badge>
              </li>
            ))}
          </ul>
        </StyledGroups>
      )}
    </StyledCard>
  );
}
