// The contracts' plain values, apart from their zod schemas: a screen that only shows data (a list
// and its pager, a stage's colour) reads them without loading zod.

export const DEFAULT_PAGE = 1;
export const PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 100;
/** The largest page a list reads: the largest whole number a JSON number holds exactly. */
export const PAGE_MAX = Number.MAX_SAFE_INTEGER;

/** The longest search (`q`) a list takes: the search box's maxLength too. */
export const SEARCH_MAX_LENGTH = 200;

/** The colour of a pipeline stage that has none of its own. */
export const DEFAULT_STAGE_COLOR = '#6B7280';

/** The services a visitor can ask about on the contact form; choosing one is optional. */
export const CONTACT_SERVICES = ['payofina', 'web', 'mobile', 'integration', 'consulting'] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number];

/**
 * Upper bounds on every field: the endpoint is public, so nothing a stranger sends may grow
 * the messages table without limit. The form uses the same numbers as input maxLength.
 */
export const CONTACT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  company: 200,
  message: 5000,
} as const;
/** The country a tenant's phone numbers written without + are read in, unless its admin chose another. */
export const DEFAULT_COUNTRY = 'US';

/** The currency (ISO 4217) of a tenant's amounts, unless its admin chose another. */
export const DEFAULT_CURRENCY = 'USD';

/** The longest failure message a browser may report of a remote version; the shell cuts to it. */
export const FAILURE_MESSAGE_MAX = 500;

/** Where a saved view applies: the prospects list, the leads list or the leads board. */
export const SAVED_VIEW_TARGETS = ['prospects', 'leads', 'board'] as const;
export type SavedViewTarget = (typeof SAVED_VIEW_TARGETS)[number];

/** The address parameters of the lists and the board that make a view (what a saved view keeps); nothing else is. */
export const VIEW_PARAM_KEYS = ['q', 'status_id', 'pipeline_stage_id', 'owner_id', 'invalid_phone', 'sort', 'page', 'view'] as const;
export type ViewParamKey = (typeof VIEW_PARAM_KEYS)[number];

/** How the board, the Pipeline report and its CSV name the pipeline's totals: the open deals alone. */
export const PIPELINE_TOTAL_LABEL = 'Open pipeline';
export const WEIGHTED_TOTAL_LABEL = 'Weighted open pipeline';

export const TASK_TYPES = ['call', 'email', 'meeting', 'todo'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** How each type reads on screen. */
export const TASK_TYPE_LABELS: Record<TaskType, string> = { call: 'Call', email: 'Email', meeting: 'Meeting', todo: 'To-do' };

/** The longest note a record takes, in characters. */
export const NOTE_BODY_MAX_LENGTH = 10_000;
