import type { ComponentType } from 'react';

/** What every exposed route module of a remote default-exports: one page. */
export interface RemotePageModule {
  default: ComponentType;
}
