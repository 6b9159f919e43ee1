/** What a caller did in one queue session. */
export interface SessionSummary {
  startedAt: number;
  calls: number;
  leads: number;
  /** Outcomes by status name, in the order first used. */
  byStatus: Array<{ name: string; count: number }>;
  callbacks: number;
  skipped: number;
}

export const newSummary = (startedAt: number): SessionSummary => ({ startedAt, calls: 0, leads: 0, byStatus: [], callbacks: 0, skipped: 0 });

export function addOutcome(summary: SessionSummary, outcome: { statusName: string; leadCreated: boolean; callback: boolean }): SessionSummary {
  const known = summary.byStatus.some((entry) => entry.name === outcome.statusName);
  return {
    ...summary,
    calls: summary.calls + 1,
    leads: summary.leads + (outcome.leadCreated ? 1 : 0),
    callbacks: summary.callbacks + (outcome.callback ? 1 : 0),
    byStatus: known
      ? summary.byStatus.map((entry) => (entry.name === outcome.statusName ? { ...entry, count: entry.count + 1 } : entry))
      : [...summary.byStatus, { name: outcome.statusName, count: 1 }],
  };
}

export const addSkip = (summary: SessionSummary): SessionSummary => ({ ...summary, skipped: summary.skipped + 1 });

/** Time spent as the summary shows it: "12 min 5 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** The key of an outcome: 1 to 9 pick the statuses in their order. */
export function statusForKey<T>(statuses: readonly T[], key: string): T | undefined {
  if (!/^[1-9]$/.test(key)) return undefined;
  return statuses[Number(key) - 1];
}
