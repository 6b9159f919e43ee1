import type { RemoteReleases } from '@app/shared/forms';
import { fallbackText, promoteChange, rollbackChange } from '../release-text';

const names = (id: string) => ({ t1: 'Demo Co' })[id] ?? id;
const CRM: RemoteReleases = { remote: 'crm', live: '1.4.1', canary: null, fallback: 'builtin', versions: [], history: [] };
const CANARY: RemoteReleases = {
  ...CRM,
  live: 'builtin',
  fallback: null,
  canary: { version: '1.4.2', percent: 10, tenant_ids: ['t1'], since: '2026-11-20T10:00:00.000Z', fallback: 'builtin' },
};

describe('release texts', () => {
  it("names the fallback of the canary's users apart from everyone else's", () => {
    expect(fallbackText(CRM)).toBe('builtin');
    expect(fallbackText({ ...CRM, live: 'builtin', fallback: null })).toBe('None');
    expect(fallbackText(CANARY)).toBe("builtin for the canary's users; none for everyone else");
  });

  it('asks what a promotion changes for whom', () => {
    expect(promoteChange(CRM, '1.4.2', null, [], names)).toMatchObject({
      title: 'Promote crm 1.4.2 to everyone?',
      message: 'Every user gets it on their next page load, in place of 1.4.1.',
    });
    expect(promoteChange(CRM, '1.4.2', 10, ['t1'], names)).toMatchObject({
      title: 'Start a canary of crm 1.4.2 for 10% of users and Demo Co?',
      message: 'Those users get 1.4.2 on their next page load; everyone else stays on 1.4.1.',
    });
    // The running canary's own version: its audience changes, and the question says from what.
    expect(promoteChange(CANARY, '1.4.2', 50, ['t1'], names)).toMatchObject({
      title: 'Change the canary of crm 1.4.2 to 50% of users and Demo Co?',
      message: 'It now reaches 10% of users and Demo Co. Those users get 1.4.2 on their next page load; everyone else stays on builtin.',
      confirmLabel: 'Change canary',
    });
  });

  it('asks before ending a canary or rolling back', () => {
    expect(rollbackChange(CANARY, names)).toMatchObject({
      title: 'End the canary of crm 1.4.2?',
      message: 'Its users (10% of users and Demo Co) go back to builtin on their next page load.',
    });
    expect(rollbackChange(CRM, names)).toMatchObject({
      title: 'Roll back crm to builtin?',
      message: 'Every user gets builtin in place of 1.4.1 on their next page load.',
    });
  });
});
