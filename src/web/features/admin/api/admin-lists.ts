/** Every admin management query starts with ['admin', …]; a change refreshes its list and the audit log. */
export const adminListKey = (list: 'users' | 'products' | 'links' | 'audit-log') => ['admin', list] as const;

export type ListParams = Record<string, string | number | undefined>;

/** The list's query string values without the empty ones (an empty filter means "any"). */
export function listQuery(params: ListParams): ListParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
}
