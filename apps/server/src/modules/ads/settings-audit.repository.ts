import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { settingsAudit } from './settings-audit.schema.ts';

/** One admin's change of a control-area setting, as the audit keeps it. */
export interface SettingChange {
  /** The setting's name: `review-rules`, `campaign-price`. */
  setting: string;
  actorId: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** A change read back: the actor is null once their account is gone. */
export interface AuditedChange extends Omit<SettingChange, 'actorId'> {
  actorId: number | null;
  createdAt: Date;
}

/**
 * All SQL of the settings' audit trail. Services pass the transaction of the change itself,
 * so the audit row commits (or rolls back) with it.
 */
export const settingsAuditRepository = {
  async record(db: DbExecutor, change: SettingChange): Promise<void> {
    await db.insert(settingsAudit).values(change);
  },

  /** A setting's changes, oldest first. */
  async changes(db: DbExecutor, setting: string): Promise<AuditedChange[]> {
    return db
      .select({
        setting: settingsAudit.setting,
        actorId: settingsAudit.actorId,
        before: settingsAudit.before,
        after: settingsAudit.after,
        createdAt: settingsAudit.createdAt,
      })
      .from(settingsAudit)
      .where(eq(settingsAudit.setting, setting))
      .orderBy(asc(settingsAudit.id));
  },
};
