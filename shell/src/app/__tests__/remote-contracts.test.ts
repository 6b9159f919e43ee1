import { declaredSharedVersions, exposedModules, resolvedSharedVersions } from '@app/shared/build/remote-contract';
import { describeMismatches, singletonMismatches } from '@app/shared/build/shared-singletons';
import { remoteRoutes } from '../routes';

// The contract between the shell and each remote, checked on the remote's side of it: every module
// a shell route loads is exposed and default-exports a page, and the remote's shared singletons
// fall within the ranges the shell shares them at. Each remote's pipeline runs all of these.
const modulesByRemote = new Map<string, string[]>();
for (const { remote, module } of remoteRoutes) modulesByRemote.set(remote, [...(modulesByRemote.get(remote) ?? []), module]);

describe.each([...modulesByRemote])('the %s remote', (remote, modules) => {
  const exposes = exposedModules(remote);

  test.each(modules)('exposes %s, whose default export is a page component', async (module) => {
    expect(Object.keys(exposes)).toContain(module);
    const loaded = await import(exposes[module]!);
    expect(typeof loaded.default).toBe('function');
  });

  test('declares and resolves the shared singletons within the shell’s ranges', () => {
    expect(describeMismatches(singletonMismatches(declaredSharedVersions(remote)))).toEqual([]);
    expect(describeMismatches(singletonMismatches(resolvedSharedVersions(remote)))).toEqual([]);
  });
});

test('a remote built against another React fails the range check, naming it', () => {
  const versions = { ...resolvedSharedVersions('marketing'), react: '19.0.0', 'styled-components': '^5.3.0' };
  expect(describeMismatches(singletonMismatches(versions))).toEqual([
    "react 19.0.0 is outside the shell's range ^18.3.1",
    "styled-components ^5.3.0 is outside the shell's range ^6.0.0",
  ]);
});
