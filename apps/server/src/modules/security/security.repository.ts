import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  securityEvents,
  type NewSecurityEventRow,
  type SecurityEventRow,
} from './security.schema.ts';

/** All SQL on `security_events`. */
export const securityRepository = {
  async insert(db: DbExecutor, values: NewSecurityEventRow): Promise<void> {
    await db.insert(securityEvents).values(values);
  },

  /** The user's events, newest first; `limit` rows from `offset`. */
  async listForUser(
    db: DbExecutor,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<SecurityEventRow[]> {
    return db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(limit)
      .offset(offset);
  },
};
