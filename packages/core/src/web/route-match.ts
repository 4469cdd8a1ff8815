import { webRoutes } from './routes.ts';

// Apart from routes.ts so the web bundle, which needs only the patterns, does not carry the
// matchers built at module load.
type Tree = string | { readonly [key: string]: Tree };
const flatten = (tree: Tree): string[] =>
  typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(flatten);

const patterns = flatten(webRoutes);
const matchers: RegExp[] = patterns.map((pattern) => {
  const source = pattern
    .split('/')
    .map((segment) =>
      // A `:param` is one non-empty segment, as in the router.
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
});

/** Whether a URL path (no query) is a page of the web app; the router also accepts a final `/`. */
export function isWebRoute(pathname: string): boolean {
  return matchWebRoute(pathname) !== null;
}

/** The route pattern a URL path belongs to (`/ref/:promocode` for `/ref/MEEET1a`), if any. */
export function matchWebRoute(pathname: string): string | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const index = matchers.findIndex((matcher) => matcher.test(path));
  return index === -1 ? null : patterns[index]!;
}
