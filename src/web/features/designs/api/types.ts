import type { DesignElement } from '#shared/designs.ts';

export interface DesignSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface Design extends DesignSummary {
  elements: DesignElement[];
}

/** Every designs query starts with this key, so one invalidation refreshes lists and single designs. */
export const DESIGNS_QUERY_KEY = ['designs'] as const;
