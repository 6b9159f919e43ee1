export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimitSettings {
  /** Every login attempt, per client address. */
  loginPerIp: Limit;
  /**
   * Failed logins per account (email) and client address (an IPv6 address's /64): stops guessing
   * without letting a stranger lock the owner out, who signs in from another address.
   */
  loginFailuresPerAccount: Limit;
  /** Reset requests and confirmations per client address: stops mail bombing and token guessing. */
  passwordResetPerIp: Limit;
  /** Reset requests per account (email), whatever the address: one mailbox gets no flood from many addresses. */
  passwordResetsPerAccount: Limit;
  /** Contact form sends per client address: the public form must not become a spam pipe. */
  contactPerIp: Limit;
  /** Mailbox password reveals per signed-in user: a stolen session cannot dump every password at once. */
  passwordRevealPerUser: Limit;
  /** Calls on quotation links per client address: opening, PDF, accept, reject; stops token guessing. */
  publicQuotationPerIp: Limit;
  /** Calendar feed reads per client address: calendar apps poll every few minutes; stops token guessing. */
  calendarFeedPerIp: Limit;
  /** Failure reports of remote versions per client address: a broken release reports once per page, not a flood. */
  releaseFailuresPerIp: Limit;
  /** Sends (each mails the client) of one quotation, whoever sends it. */
  quotationSendPerQuotation: Limit;
  /** Quotation sends per signed-in user. */
  quotationSendPerUser: Limit;
  /** Quotation PDF downloads per signed-in user: each one costs up to a second of a worker's CPU. */
  quotationPdfPerUser: Limit;
  /** Mailbox connection checks (and saves that check) per signed-in user: each one connects to two servers out there. */
  mailboxCheckPerUser: Limit;
  /** Mails written from records per signed-in user: a rep's pace, never a mass mailing through their mailbox. */
  recordMailPerUser: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerIp: { max: 20, windowMs: 60_000 },
  loginFailuresPerAccount: { max: 5, windowMs: 15 * 60_000 },
  passwordResetPerIp: { max: 10, windowMs: 15 * 60_000 },
  passwordResetsPerAccount: { max: 3, windowMs: 60 * 60_000 },
  contactPerIp: { max: 5, windowMs: 10 * 60_000 },
  passwordRevealPerUser: { max: 30, windowMs: 60_000 },
  publicQuotationPerIp: { max: 60, windowMs: 60_000 },
  calendarFeedPerIp: { max: 60, windowMs: 60_000 },
  releaseFailuresPerIp: { max: 30, windowMs: 10 * 60_000 },
  quotationSendPerQuotation: { max: 3, windowMs: 10 * 60_000 },
  quotationSendPerUser: { max: 30, windowMs: 60 * 60_000 },
  quotationPdfPerUser: { max: 30, windowMs: 60_000 },
  mailboxCheckPerUser: { max: 10, windowMs: 60_000 },
  recordMailPerUser: { max: 100, windowMs: 60 * 60_000 },
};
