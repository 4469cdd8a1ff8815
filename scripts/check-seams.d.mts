/** The seam problems in `files` (repository-relative path → text); see check-seams.mjs. */
export function seamProblems(files: ReadonlyMap<string, string>): string[];
export function importsOf(
  file: string,
  text: string,
  known?: ReadonlyMap<string, string>,
): { to: string; names: string[] }[];
/** Whether `name`, as the module text exports it, takes a database handle first. */
export function takesDbFirst(text: string, name: string): boolean;
/** What a `*.routes.ts` file builds itself (`new MarketService(`), by name; else none. */
export function constructedInRoutes(file: string, text: string): string[];
/** Whether the exported interface, type or class `name` names a database handle where another module sees it. */
export function mentionsDbHandle(text: string, name: string): boolean;
/** Whether the exported function `name` declares a return type naming a `…Row` type. */
export function returnsRow(text: string, name: string): boolean;
