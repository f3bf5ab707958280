/** True when a query failed with this SQLSTATE on the named constraint (drizzle wraps the driver's error in `cause`). */
function isViolation(error: unknown, sqlState: string, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === sqlState && name === constraint) return true;
  }
  return false;
}

/** True when a query failed on the named unique constraint. */
export const isUniqueViolation = (error: unknown, constraint: string) => isViolation(error, '23505', constraint);

/** True when a query failed on the named foreign key (the row it points to is gone). */
export const isForeignKeyViolation = (error: unknown, constraint: string) => isViolation(error, '23503', constraint);
