/** PostgreSQL's error fields, whether the driver's error arrives bare or as a query error's cause. */
export function pgErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return typeof cause === 'object' && cause !== null ? cause : undefined;
}

/** A foreign key found no row to point at (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23503';
}

/** PostgreSQL's unique_violation (SQLSTATE 23505): the constraint that fired. */
export function uniqueViolation(error: unknown): string | undefined {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23505' && typeof pgError.constraint === 'string'
    ? pgError.constraint
    : undefined;
}
