import { remoteRoutes, shellRoutes } from '../routes';

// Jest runs this in Node, as CommonJS; the shell's types are the browser's, so Node's few parts used
// here are typed where they are used.
declare const __dirname: string;
const fs = jest.requireActual<{ readFileSync(file: string, encoding: 'utf8'): string }>('node:fs');
const path = jest.requireActual<{ join(...parts: string[]): string; resolve(...parts: string[]): string }>('node:path');

// The README's architecture table says which app owns which address. A route added to the shell's
// route table without a line there fails here, so the table keeps describing the app as it is.
const root = path.resolve(__dirname, '../../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** Every path of the route table (the shell's pages and the remotes' routes), `:param` written `{param}`. */
const routePaths = (paths: string[]): string[] => [...new Set(paths.map((p) => p.replace(/:(\w+)/g, '{$1}')))];
const tablePaths = [...shellRoutes, ...remoteRoutes].map((route) => route.path);

/** The addresses named (in backticks) in the README's architecture table, the one headed "| App | Folder | Owns |". */
function readmeTablePaths(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^\|\s*App\s*\|\s*Folder\s*\|\s*Owns\s*\|/.test(line));
  if (start < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows.flatMap((row) => [...row.matchAll(/`(\/[^`]*)`/g)].map((m) => m[1]));
}

const missingFrom = (table: string[], routes: string[]) => routes.filter((route) => !table.includes(route));

test('the route table is read whole: every remote route and the pages the shell owns', () => {
  const paths = routePaths(tablePaths);
  expect(paths).toEqual(expect.arrayContaining(['/', '/crm', '/quotations', '/users', '/audit']));
  expect(paths).toEqual(expect.arrayContaining(['/login', '/forgot-password', '/reset-password', '/q/{token}']));
});

test("every route of the shell's route table is in the README's architecture table", () => {
  const table = readmeTablePaths(readme);
  expect(table.length).toBeGreaterThan(10);
  expect(missingFrom(table, routePaths(tablePaths))).toEqual([]);
});

test('a route the README does not name is reported', () => {
  expect(missingFrom(readmeTablePaths(readme), routePaths([...tablePaths, '/reports/:id']))).toEqual(['/reports/{id}']);
});
