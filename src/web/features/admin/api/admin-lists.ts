/** Every admin management query starts with ['admin', …]; a change refreshes its list and the audit log. */
export const adminListKey = (list: 'users' | 'products' | 'links' | 'audit-log') => ['admin', list] as const;

export type ListParams = Record<string, string | number | undefined>;

/** `?q=…&page=…` without the empty parameters. */
export function listQuery(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
