import { useEffect, useState } from 'react';
import { newerVersionOf, type RemoteName } from '../api/remote-loader';
import { useAreaCameFrom, useAreaShown } from './use-area';

/** At most this often while the tab is visible, a page left open asks whether its remote has moved on. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * The newer version of the remote on screen for this user, if one was promoted since it loaded:
 * checked when the user comes to this remote's area from any other page (another remote's or the shell's own),
 * and every 5 minutes while the tab is visible. The tab's first page loads with the versions just fetched.
 */
export function useNewerVersion(remote: RemoteName): string | null {
  const [newer, setNewer] = useState<string | null>(null);
  const cameFrom = useAreaCameFrom();
  useAreaShown(remote);

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
    if (cameFrom !== null && cameFrom !== remote) check();
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
  }, [remote, cameFrom]);

  return newer;
}
