import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eServerInfo } from './server.ts';

/** A push the local APNs received (scripts/fake-apns.mjs). */
export interface DeliveredPush {
  token: string;
  topic: string;
  alert: { title?: string; body?: string };
  data: Record<string, unknown>;
}

/** Every push the local APNs received for the device token, oldest first. */
export function pushesTo(token: string): DeliveredPush[] {
  const dir = e2eServerInfo().apnsDir;
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
    .filter((push: { token: string }) => push.token === token)
    .map((push: { token: string; topic: string; body: string }) => {
      const { aps, ...data } = JSON.parse(push.body) as {
        aps: { alert: DeliveredPush['alert'] };
      } & Record<string, unknown>;
      return { token: push.token, topic: push.topic, alert: aps.alert, data };
    });
}

/** Waits until the local APNs received a push for the device token; answers the first. */
export async function waitForPush(token: string): Promise<DeliveredPush> {
  await expect.poll(() => pushesTo(token).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return pushesTo(token)[0]!;
}
