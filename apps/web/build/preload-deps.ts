/**
 * Vite preloads a lazy chunk's dependencies from script: the first time the chunk is imported,
 * its helper adds a `<link rel="modulepreload">` for each chunk it imports that the page has no
 * link for yet — all in the one task that calls `import()`. Each insertion starts a fetch on the
 * main thread: `/market`'s chunk has some thirty-five of them, one task of 80–90 ms on this
 * machine and 0.3 s of a throttled phone's (Lighthouse, issue 17). Without the list, the
 * browser's module loader fetches the same files as it parses each chunk's imports, spread over
 * the tasks in which the chunks arrive; the cost is one round trip per level of imports on an
 * in-app navigation. The entry's own static imports were already left out of these lists
 * before (they are running by the time any lazy import can be made).
 *
 * index.html keeps its list: there the links are markup the browser reads in the first
 * response, which is what starts the entry's modules early, and no script inserts them.
 */
export function resolveDependencies(
  _file: string,
  deps: string[],
  { hostType }: { hostType: string },
): string[] {
  return hostType === 'js' ? [] : deps;
}
