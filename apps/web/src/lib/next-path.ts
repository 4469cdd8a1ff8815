/**
 * The page to return to after signing in (`?next=`), only when it is a path of this site:
 * `/market/token/12?x=1` passes; `https://evil.example`, `//evil.example`, `/\evil.example`,
 * `javascript:…` and anything that is not a rooted path give null (an open redirect otherwise).
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  // Control characters are dropped by URL parsers and could turn a path into a host.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return null;
  }
  const base = 'https://same.origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
