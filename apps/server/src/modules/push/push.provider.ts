import { Notification, Provider, type ResponseFailure } from '@parse/node-apn';
import type { PushData } from '@meeet/core/api/push';

/** One push as the user sees it: a title, a line of text, and where the app opens it. */
export interface PushMessage {
  title: string;
  body: string;
  data: PushData;
  /** Pushes with one thread id are grouped on the lock screen (a conversation). */
  threadId?: string;
}

/**
 * `sent`: the provider took it. `invalid-token`: the token is dead (the app was removed or the
 * token never belonged to this app) and must not be used again. Anything that may pass on a
 * later try (rate limited, the provider down, the network) throws `PushRetryableError`.
 */
export type PushOutcome = 'sent' | 'invalid-token';

export class PushRetryableError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PushRetryableError';
  }
}

/** Whoever delivers pushes to phones (APNs today). */
export interface PushProvider {
  send(token: string, message: PushMessage): Promise<PushOutcome>;
  close(): Promise<void>;
}

export interface ApnsOptions {
  /** The `.p8` key's PEM text. */
  key: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id: the `apns-topic` of every push. */
  bundleId: string;
  production: boolean;
  /** Another host than Apple's (`host` or `host:port`): a relay, or a test's server. */
  host?: string | undefined;
  /** Certificates to trust beside the system's (a test's own). */
  ca?: string[];
}

/** APNs answers that say the token is dead: never send to it again. */
const DEAD_TOKEN_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

function splitHost(host: string): { address: string; port: number } {
  const at = host.lastIndexOf(':');
  if (at > 0 && /^\d+$/.test(host.slice(at + 1))) {
    return { address: host.slice(0, at), port: Number(host.slice(at + 1)) };
  }
  return { address: host, port: 443 };
}

/**
 * APNs over HTTP/2 with token-based authentication (a JWT signed by the `.p8` key, renewed by
 * the client before Apple's hour runs out). The client retries nothing itself: the job queue
 * owns retries and their back-off, so a retry survives a restart.
 */
export class ApnsProvider implements PushProvider {
  private readonly provider: Provider;

  constructor(private readonly options: ApnsOptions) {
    this.provider = new Provider({
      token: { key: options.key, keyId: options.keyId, teamId: options.teamId },
      production: options.production,
      ...(options.host ? splitHost(options.host) : {}),
      ...(options.ca ? { ca: options.ca } : {}),
      connectionRetryLimit: 0,
      requestTimeout: 10_000,
    });
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    const note = new Notification();
    note.topic = this.options.bundleId;
    note.pushType = 'alert';
    note.priority = 10;
    note.alert = { title: message.title, body: message.body };
    note.sound = 'default';
    if (message.threadId) note.threadId = message.threadId;
    note.payload = { ...message.data };
    const { failed } = await this.provider.send(note, token);
    const failure: ResponseFailure | undefined = failed[0];
    if (!failure) return 'sent';
    const reason = failure.response?.reason;
    if ((failure.status === 400 || failure.status === 410) && reason) {
      if (DEAD_TOKEN_REASONS.has(reason)) return 'invalid-token';
    }
    const what = reason ?? failure.error?.message ?? 'no answer';
    throw new PushRetryableError(`APNs: ${failure.status ?? '-'} ${what}`, failure.status);
  }

  async close(): Promise<void> {
    await this.provider.shutdown();
  }
}
