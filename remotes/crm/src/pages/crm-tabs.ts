import { lazyPart } from '@app/shared';

export const TABS = [
  { id: 'prospects', label: 'Prospects' },
  { id: 'imports', label: 'Imports' },
  { id: 'leads', label: 'Leads' },
  { id: 'goals', label: 'Goals' },
  { id: 'reports', label: 'Reports' },
  { id: 'tenants', label: 'Tenants' },
] as const;
export type TabId = (typeof TABS)[number]['id'];
export const DEFAULT_TAB: TabId = 'prospects';
export const TABS_ID = 'crm';

/** The tab an address opens: its ?tab, else the leads for a board link (only the leads have one), else the prospects. */
export function tabOf(params: URLSearchParams): TabId {
  const requested = params.get('tab');
  const implied = params.get('view') === 'board' ? 'leads' : DEFAULT_TAB;
  return TABS.some((item) => item.id === requested) ? (requested as TabId) : implied;
}

/*
 * Each tab's code loads when the tab is first opened (or the pointer nears the tabs), the open tab's as the page
 * renders (preloadOpenTab), so a link to one tab loads none of the others.
 */
export const ProspectsTab = lazyPart(() => import('../features/prospects/components/prospects-tab'), 'ProspectsTab');
export const ImportsTab = lazyPart(() => import('../features/imports/components/imports-tab'), 'ImportsTab');
export const LeadsTab = lazyPart(() => import('../features/leads/components/leads-tab'), 'LeadsTab');
export const GoalsTab = lazyPart(() => import('../features/goals/components/goals-tab'), 'GoalsTab');
export const TenantsTab = lazyPart(() => import('../features/tenants/components/tenants-tab'), 'TenantsTab');
export const ReportsTab = lazyPart(() => import('../features/reports/components/reports-tab'), 'ReportsTab');

const PARTS = { prospects: ProspectsTab, imports: ImportsTab, leads: LeadsTab, goals: GoalsTab, reports: ReportsTab, tenants: TenantsTab };

export function preloadOtherTabs() {
  for (const tab of [ImportsTab, LeadsTab, GoalsTab, ReportsTab, TenantsTab]) void tab.preload();
}

/** Starts the code of the tab the address opens, and of the board with it when the address shows the board. */
export function preloadOpenTab(params: URLSearchParams) {
  const tab = tabOf(params);
  void PARTS[tab].preload();
  // The module the board's part loads (leads-board-part.ts): imported here by name, so no other tab carries the part.
  if (tab === 'leads' && params.get('view') === 'board') void import('../features/leads/components/leads-board');
}
