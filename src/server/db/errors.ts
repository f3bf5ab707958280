/** True when a query failed on the named unique constraint (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}
