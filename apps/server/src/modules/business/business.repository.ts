import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { businesses, type BusinessRow } from './business.schema.ts';

/** All SQL of the business accounts' own tables. */
export const businessRepository = {
  async findByOwner(db: DbExecutor, ownerId: number): Promise<BusinessRow | undefined> {
    const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, ownerId));
    return row;
  },
};
