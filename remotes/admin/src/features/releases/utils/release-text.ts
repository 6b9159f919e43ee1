import type { RemoteReleases } from '@app/shared/forms';

type TenantName = (id: string) => string;

/** "10% of users and Demo Co" for a canary's audience. */
export function audience(percent: number | null, tenantIds: readonly string[], tenantName: TenantName): string {
  return [percent ? `${percent}% of users` : null, tenantIds.length ? tenantIds.map(tenantName).join(', ') : null].filter(Boolean).join(' and ');
}

/** "3 browsers reported a failure": reports are counted by browser, so one browser reporting again and again is one. */
export function failingBrowsersText(count: number): string {
  if (count === 0) return 'None reported';
  return `${count} ${count === 1 ? 'browser' : 'browsers'} reported a failure`;
}

/** The fallbacks as /mf-remotes.json names them: during a canary its users' and everyone else's differ. */
export function fallbackText(release: RemoteReleases): string {
  if (!release.canary) return release.fallback ?? 'None';
  return `${release.canary.fallback} for the canary's users; ${release.fallback ?? 'none'} for everyone else`;
}

export interface ReleaseChange {
  title: string;
  message: string;
  confirmLabel: string;
  /** The toast once the server has made the change. */
  done: string;
}

/** What promoting a version changes, and for whom, asked before it is done. */
export function promoteChange(
  release: RemoteReleases,
  version: string,
  share: number | null,
  tenantIds: readonly string[],
  tenantName: TenantName,
): ReleaseChange {
  const name = `${release.remote} ${version}`;
  if (share !== null || tenantIds.length > 0) {
    const who = audience(share, tenantIds, tenantName);
    if (release.canary?.version === version) {
      const before = audience(release.canary.percent, release.canary.tenant_ids, tenantName);
      return {
        title: `Change the canary of ${name} to ${who}?`,
        message: `It now reaches ${before}. Those users get ${version} on their next page load; everyone else stays on ${release.live}.`,
        confirmLabel: 'Change canary',
        done: `Canary of ${name} changed to ${who}.`,
      };
    }
    return {
      title: `Start a canary of ${name} for ${who}?`,
      message: `Those users get ${version} on their next page load; everyone else stays on ${release.live}.`,
      confirmLabel: 'Start canary',
      done: `Canary of ${name} started for ${who}.`,
    };
  }
  const endsCanary = release.canary && release.canary.version !== version ? ` The canary of ${release.canary.version} ends.` : '';
  return {
    title: `Promote ${name} to everyone?`,
    message: `Every user gets it on their next page load, in place of ${release.live}.${endsCanary}`,
    confirmLabel: 'Promote to everyone',
    done: `${name} is live for everyone.`,
  };
}

/** What the card's Roll back button changes: ends the canary, or goes back to the fallback. */
export function rollbackChange(release: RemoteReleases, tenantName: TenantName): ReleaseChange {
  if (release.canary) {
    const { version, percent, tenant_ids } = release.canary;
    return {
      title: `End the canary of ${release.remote} ${version}?`,
      message: `Its users (${audience(percent, tenant_ids, tenantName)}) go back to ${release.live} on their next page load.`,
      confirmLabel: 'End canary',
      done: `Canary of ${release.remote} ${version} ended: every user is on ${release.live}.`,
    };
  }
  return {
    title: `Roll back ${release.remote} to ${release.fallback}?`,
    message: `Every user gets ${release.fallback} in place of ${release.live} on their next page load.`,
    confirmLabel: `Roll back to ${release.fallback}`,
    done: `${release.remote} rolled back to ${release.fallback}.`,
  };
}
