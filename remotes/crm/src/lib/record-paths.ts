/** The address of a prospect's or a lead's own page (deep links, Back, a tab kept open). */
export const prospectPath = (id: string) => `/crm/prospects/${id}`;
export const leadPath = (id: string) => `/crm/leads/${id}`;
