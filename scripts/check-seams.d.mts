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
