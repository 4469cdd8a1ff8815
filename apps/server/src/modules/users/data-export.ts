import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { DataExport } from '@meeet/core/api/account';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Locale } from '@meeet/core/i18n/locale';
import { EXPORT_LINK_TTL_MS } from '@meeet/core/rules/account-deletion';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { accountRepository as repo } from './account.repository.ts';
import type { AuthContext } from './sessions.service.ts';
import { toUserPrivate } from './user-view.ts';
import { usersRepository } from './users.repository.ts';

/** The job kind that builds an export's archive and mails its link. */
export const DATA_EXPORT_JOB = 'account.export';
const exportPayload = z.object({ exportId: z.uuid() });

export interface DataExportDeps {
  db: Database;
  jobs: JobQueue;
  mail: MailService;
  /** Signs the links (derived from the app's secret for this use only). */
  secret: string;
  /** The web app's origin: the link opens its download page. */
  publicUrl: string;
  now?: () => Date;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/**
 * Another module's part of the archive (messages, meetings, transactions), given through
 * plugins/personal-data.ts so this module imports none of them.
 */
export type ExportSource = (
  db: DbExecutor,
  userId: number,
) => Promise<Partial<Pick<DataExport, 'messages' | 'meetings' | 'transactions'>>>;

/**
 * "Request my data" (GDPR art. 15, 20): a job builds a JSON archive of the user's own data,
 * keeps it for EXPORT_LINK_TTL_HOURS and mails a signed link to it; the download needs the link
 * and the signed-in owner, and answers 404 to anyone else.
 */
export class DataExportService {
  private readonly key: Buffer;
  private readonly sources: ExportSource[] = [];

  constructor(private readonly deps: DataExportDeps) {
    this.key = createHmac('sha256', deps.secret).update('meeet data export link').digest();
    deps.jobs.register(DATA_EXPORT_JOB, (payload) =>
      this.build(exportPayload.parse(payload).exportId),
    );
  }

  addSource(source: ExportSource): void {
    this.sources.push(source);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private sign(id: string, userId: number, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}.${userId}.${expires}`).digest('hex');
  }

  /** Queues the export; the mail follows when the archive is built. */
  async request(auth: AuthContext): Promise<void> {
    const { db, jobs } = this.deps;
    await repo.removeExpiredExports(db, this.now());
    const jobId = await db.transaction(async (tx) => {
      const exportId = await repo.insertExport(tx, auth.user.id);
      return jobs.enqueue(txOf(tx), DATA_EXPORT_JOB, { exportId });
    });
    await jobs.runNow(jobId);
  }

  /** The job: builds the archive once (a repeat reuses it) and mails the link. */
  private async build(exportId: string): Promise<void> {
    const { db, mail, publicUrl } = this.deps;
    const row = await repo.findExport(db, exportId);
    if (!row) return;
    const user = await usersRepository.findById(db, row.userId);
    if (!user) return;
    let expiresAt = row.expiresAt;
    if (!row.archive || !expiresAt) {
      const archive = await this.archiveOf(user.id);
      expiresAt = new Date(this.now().getTime() + EXPORT_LINK_TTL_MS);
      await repo.storeArchive(db, exportId, archive, expiresAt);
    }
    const expires = expiresAt.getTime();
    const link = `${publicUrl}/account/data-export/${exportId}?expires=${expires}&sig=${this.sign(exportId, user.id, expires)}`;
    await mail.send({
      to: user.email,
      locale: user.locale as Locale,
      template: {
        kind: 'data-export',
        link,
        expiresAt: expiresAt.toISOString().slice(0, 16).replace('T', ' '),
      },
    });
  }

  private async archiveOf(userId: number): Promise<DataExport> {
    const { db } = this.deps;
    const user = await usersRepository.findById(db, userId);
    if (!user) throw notFound();
    const parts = await Promise.all(this.sources.map((source) => source(db, userId)));
    return {
      exportedAt: this.now().toISOString(),
      profile: toUserPrivate(user),
      messages: [],
      meetings: [],
      transactions: [],
      ...Object.assign({}, ...parts),
    };
  }

  /** The archive behind a mailed link, for its owner only; 404 for anything else. */
  async download(
    auth: AuthContext,
    id: string,
    query: { expires: number; sig: string },
  ): Promise<DataExport> {
    const expected = Buffer.from(this.sign(id, auth.user.id, query.expires), 'hex');
    const given = Buffer.from(query.sig, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
    const row = await repo.findExport(this.deps.db, id);
    if (!row || row.userId !== auth.user.id || !row.archive || !row.expiresAt) throw notFound();
    if (row.expiresAt.getTime() !== query.expires || row.expiresAt <= this.now()) throw notFound();
    return row.archive as DataExport;
  }
}
