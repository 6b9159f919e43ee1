// Which Node.js lines the project runs on, and when each stops getting security fixes.
// Dates from the Node.js release schedule (https://github.com/nodejs/release#release-schedule).

/** The last day each release line is maintained, by major version. */
export const NODE_END_OF_LIFE = {
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

export const RECOMMENDED_NODE = '24 LTS';

const OLDEST_LISTED = Math.min(...Object.keys(NODE_END_OF_LIFE).map(Number));

/**
 * One line telling the user their Node.js is past its end of life, or null while it is maintained.
 * A major older than the table is long past its end; one newer than the table is not yet out of date.
 */
export function endOfLifeWarning(version = process.version, today = new Date()) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major)) return null;
  const end = NODE_END_OF_LIFE[major];
  if (major >= OLDEST_LISTED && (!end || today.toISOString().slice(0, 10) <= end)) return null;
  const since = end ? ` on ${end}` : '';
  return `Warning: Node.js ${version} reached its end of life${since} and gets no security fixes; use Node.js ${RECOMMENDED_NODE} (see README).`;
}
