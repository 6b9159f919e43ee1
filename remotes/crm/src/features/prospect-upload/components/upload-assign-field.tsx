import { SelectField, useSession } from '@app/shared';
import type { UploadAssign } from '@app/shared/forms';
import { useOwners } from '../../../api/get-owners';
import { useTeams } from '../../../api/get-teams';

const TEAM = 'team:';
const valueOf = (assign: UploadAssign) => (typeof assign === 'string' ? assign : `${TEAM}${assign.team_id}`);
const assignOf = (value: string): UploadAssign => (value.startsWith(TEAM) ? { team_id: value.slice(TEAM.length) } : value === 'none' ? 'none' : 'uploader');

export interface UploadAssignFieldProps {
  tenantId: string;
  value: UploadAssign;
  onChange: (assign: UploadAssign) => void;
  disabled?: boolean;
}

/**
 * Whom the uploaded prospects go to: the uploader, no one, or a team's members in turn. Only teams
 * whose members are all among the owners the user may hand records to are offered (the server
 * refuses the others): every team for admins and All-records users, their own team for Team-records
 * users, none for Own-records users.
 */
export function UploadAssignField({ tenantId, value, onChange, disabled }: UploadAssignFieldProps) {
  const { user } = useSession();
  const seesAll = Boolean(user?.is_admin) || user?.visibility === 'all';
  const handable = new Set(useOwners(tenantId).data?.owners.map((owner) => owner.id));
  const teams = (useTeams(tenantId).data ?? []).filter((team) => seesAll || team.member_ids.every((id) => handable.has(id)));
  return (
    <SelectField
      label="Assign to"
      hint="Round-robin hands the rows to the team's members in turn, in file order."
      value={valueOf(value)}
      disabled={disabled}
      onChange={(event) => onChange(assignOf(event.target.value))}
    >
      <option value="uploader">Me (the uploader)</option>
      <option value="none">Unassigned</option>
      {teams.map((team) => (
        <option key={team.id} value={`${TEAM}${team.id}`}>
          Round-robin: {team.name}
        </option>
      ))}
    </SelectField>
  );
}
