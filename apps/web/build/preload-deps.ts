import type { Plugin } from 'vite';

/**
 * Vite preloads a lazy chunk's dependencies by adding a `<link rel="modulepreload">` for each
 * one the page does not already have a link for, the first time the chunk is imported. Its list
 * holds every chunk the lazy one imports, the entry's own among them, and a prerendered page
 * ships without those links (build/prerender.ts): so the first lazy import of a phone's visit
 * appended some thirty links for modules already running, one DOM insertion each in a single
 * task (about 0.1 s of a throttled phone's main thread, issue 17). The entry's static imports
 * are always loaded before any lazy import can run; this leaves them out of the lists, and the
 * chunks a lazy import really adds are still fetched at once rather than one level at a time.
 */
export function preloadDeps(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostType: string }) => string[];
} {
  const loadedWithEntry = new Set<string>();
  const plugin: Plugin = {
    name: 'meeet-entry-graph',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedWithEntry.clear();
        const visit = (file: string) => {
          if (loadedWithEntry.has(file)) return;
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') return;
          loadedWithEntry.add(file);
          chunk.imports.forEach(visit);
        };
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
        }
      },
    },
  };
  return {
    plugin,
    // index.html keeps its list: there the links are what starts the entry's modules early.
    resolveDependencies: (_file, deps, { hostType }) =>
      hostType === 'js' ? deps.filter((dep) => !loadedWithEntry.has(dep)) : deps,
  };
}
