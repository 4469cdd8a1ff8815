/** The seam problems in `files` (repository-relative path → text); see check-seams.mjs. */
export function seamProblems(files: ReadonlyMap<string, string>): string[];
export function importsOf(
  file: string,
  text: string,
  known?: ReadonlyMap<string, string>,
): { to: string; names: string[] }[];
