/**
 * The dashboard Overview's counters (listings, unread messages, favorites): whatever changes one of
 * them (a message read, an ad saved) marks this query stale. Here so that features need not import
 * the dashboard.
 */
export const OVERVIEW_QUERY_KEY = ['overview'] as const;
