import { useEffect, useState } from 'react';
import { newerVersionOf, type RemoteName } from '../api/remote-loader';

/** At most this often while the tab is visible, a page left open asks whether its remote has moved on. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

/** The remote whose area was on screen last; the first one of a page loads with the versions just fetched. */
let previousArea: RemoteName | null = null;

/**
 * The newer version of the remote on screen for this user, if one was promoted since it loaded:
 * checked when the user comes to this remote's area from another's, and every 5 minutes while the tab is visible.
 */
export function useNewerVersion(remote: RemoteName): string | null {
  const [newer, setNewer] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    let lastCheck = Date.now();
    const check = () => {
      lastCheck = Date.now();
      newerVersionOf(remote).then(
        (version) => active && setNewer(version),
        () => undefined,
      );
    };
    if (previousArea !== null && previousArea !== remote) check();
    previousArea = remote;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') check();
    }, VERSION_CHECK_INTERVAL_MS);
    // A tab hidden for longer than the interval checks when it is looked at again.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck >= VERSION_CHECK_INTERVAL_MS) check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [remote]);

  return newer;
}
