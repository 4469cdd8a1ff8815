import type * as MoneySchemaList from './money-schemas-list.ts';

type MoneySchemas = typeof MoneySchemaList;

/** Lets the browser run other tasks (input, paint) before the next step. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Zod and the schemas are built when their modules are evaluated, and the browser evaluates a
 * module with everything it imports in one task: for the market that was zod, the shared enums,
 * the wallet and the market contracts, 25–35 ms on this machine and over 100 ms on a throttled
 * phone (Lighthouse, issue 17). Imported one layer at a time with a task between them, each
 * step stays short. The market's chunk imports no zod at all: its answers are checked when they
 * arrive, by then the schemas are usually in (they load beside the first request).
 */
async function loadInSteps(): Promise<MoneySchemas> {
  await import('zod');
  await nextTask();
  await import('@meeet/core/enum-schemas');
  await nextTask();
  await import('@meeet/core/rules/zod-base');
  await nextTask();
  await import('@meeet/core/api/crypto');
  await nextTask();
  return import('./money-schemas-list.ts');
}

let loading: Promise<MoneySchemas> | null = null;

/** Loads the schemas once; a failed load (a chunk that did not arrive) is tried again later. */
function moneySchemas(): Promise<MoneySchemas> {
  loading ??= loadInSteps().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** `name`'s schema for an API call (lib/api-client.ts loads it beside the request). */
export function moneySchema<K extends keyof MoneySchemas>(name: K): () => Promise<MoneySchemas[K]> {
  return () => moneySchemas().then((schemas) => schemas[name]);
}
