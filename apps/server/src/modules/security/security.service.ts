import {
  SECURITY_EVENTS_PAGE_SIZE,
  securityEventKindSchema,
  type SecurityEventDetail,
  type SecurityEventKind,
  type SecurityEventsPage,
} from '@meeet/core/api/security';
import type { FastifyRequest } from 'fastify';
import type { Database, DbExecutor } from '../../db/client.ts';
import { securityRepository } from './security.repository.ts';

/** Where an event came from: a request, or what a caller already read from one. */
export type SecurityEventSource =
  Pick<FastifyRequest, 'ip' | 'headers'> | { ip: string | null; userAgent: string | null };

const USER_AGENT_MAX = 512;

function sourceOf(source: SecurityEventSource | undefined): {
  ip: string | null;
  userAgent: string | null;
} {
  if (!source) return { ip: null, userAgent: null };
  if ('headers' in source) {
    const agent = source.headers['user-agent'];
    return {
      ip: source.ip || null,
      userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
    };
  }
  return { ip: source.ip, userAgent: source.userAgent?.slice(0, USER_AGENT_MAX) ?? null };
}

/**
 * The account's security audit (issue 45): every module records what it changed here
 * (`app.security.record`), and admins read it on the user's page.
 */
export class SecurityService {
  constructor(private readonly db: Database) {}

  /**
   * Records an event. Pass the transaction of the change (`db`) so the row commits with it.
   */
  async record(
    userId: number,
    kind: SecurityEventKind,
    detail: SecurityEventDetail = {},
    source?: SecurityEventSource,
    db: DbExecutor = this.db,
  ): Promise<void> {
    await securityRepository.insert(db, {
      userId,
      kind: securityEventKindSchema.parse(kind),
      detail,
      ...sourceOf(source),
    });
  }

  /** One page of the user's events, newest first (pages count from 1). */
  async list(userId: number, page = 1): Promise<SecurityEventsPage> {
    const rows = await securityRepository.listForUser(
      this.db,
      userId,
      SECURITY_EVENTS_PAGE_SIZE + 1,
      (page - 1) * SECURITY_EVENTS_PAGE_SIZE,
    );
    return {
      list: rows.slice(0, SECURITY_EVENTS_PAGE_SIZE).map((row) => ({
        id: row.id,
        kind: securityEventKindSchema.parse(row.kind),
        detail: row.detail,
        ip: row.ip,
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
      })),
      page,
      hasMore: rows.length > SECURITY_EVENTS_PAGE_SIZE,
    };
  }
}
