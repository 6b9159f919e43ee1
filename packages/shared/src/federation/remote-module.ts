import type { ComponentType } from 'react';
import type { RemoteName } from './remote-names';

/**
 * What the shell passes a remote's page: nothing today; the page reads the route, session and tenant
 * from the shared singletons. A prop added here must be given by the shell and accepted by every page.
 */
export type RemotePageProps = Record<string, never>;

/** What every exposed route module of a remote default-exports: one page. */
export interface RemotePageModule {
  default: ComponentType<RemotePageProps>;
}

/**
 * The modules each remote exposes to the shell, declared once here for both sides. Each remote
 * checks its page files against its entry (src/exposes.ts), so a page that stops matching, or a
 * module that goes missing, fails that remote's typecheck; the shell loads only these names.
 */
export interface ExposedModules {
  marketing: Record<'home' | 'about' | 'contact' | 'services' | 'products' | 'pricing', RemotePageModule>;
  crm: Record<'crm', RemotePageModule>;
  quotations: Record<'quotations' | 'public-quotation', RemotePageModule>;
  admin: Record<'messages' | 'email' | 'users' | 'audit' | 'releases', RemotePageModule>;
}

/** The name of a module a remote exposes, as the shell asks for it. */
export type ExposedModuleName<R extends RemoteName = RemoteName> = R extends RemoteName ? Extract<keyof ExposedModules[R], string> : never;

/** Compiles only when a remote's modules are what ExposedModules declares for it. */
export type ExposesOf<R extends RemoteName, Modules extends ExposedModules[R]> = Modules;
