/** Where Debian's Chromium is (or `CHROMIUM_PATH`). */
export const CHROMIUM_PATH: string;
/** How Chromium is launched here: headless, no sandbox, no background network. */
export const CHROMIUM_ARGS: string[];
/** The Chromium path, installing Debian's package first where it is missing and allowed. */
export function ensureChromium(): string;
