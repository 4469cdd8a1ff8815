import type { DbExecutor } from '../../db/client.ts';
import { feedback } from './feedback.schema.ts';

/** All SQL on support feedback. */
export const feedbackRepository = {
  async insert(
    db: DbExecutor,
    values: { userId: number | null; name: string; email: string; message: string; locale: string },
  ): Promise<number> {
    const [row] = await db.insert(feedback).values(values).returning({ id: feedback.id });
    if (!row) throw new Error('insert into feedback returned no row');
    return row.id;
  },
};
