import remotes from './remotes.json';

/**
 * The remotes the shell loads and the server serves, by name. Declared once in remotes.json (name
 * to what it holds) so the server, the shell and the federation build, plain JavaScript that
 * cannot import TypeScript, read the same list.
 */
export type RemoteName = keyof typeof remotes;
export const REMOTE_NAMES = Object.keys(remotes) as RemoteName[];
