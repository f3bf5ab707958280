export type { Design, DesignSummary } from '#shared/designs-api.ts';

/** Every designs query starts with this key, so one invalidation refreshes lists and single designs. */
export const DESIGNS_QUERY_KEY = ['designs'] as const;
