import { webRoutes } from './routes.ts';

// Apart from routes.ts so the web bundle, which needs only the patterns, does not carry the
// matchers built at module load.
type Tree = string | { readonly [key: string]: Tree };
const flatten = (tree: Tree): string[] =>
  typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(flatten);

const matchers: RegExp[] = flatten(webRoutes).map((pattern) => {
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
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return matchers.some((matcher) => matcher.test(path));
}
