#!/usr/bin/env node
// The server's module seams, read from the import lines of apps/server/src and packages/core/src
// (tests and *.test-support.ts aside; they may arrange any table):
//  - no file cycle, type-only imports included (ESLint's import-x/no-cycle skips those);
//  - no cycle between server modules (modules/<name>), a table file's foreign key aside;
//  - no other module, and nothing in plugins/ or lib/, imports a module's *.repository.ts or
//    *.schema.ts (another module's table file may, for a foreign key), nor a `…Row` type from
//    any of its files: a module hands out what its service returns, typed in @meeet/core or in
//    the service;
//  - nor a function (or an object's method) of another module that takes a database handle
//    (`Database`, `DbExecutor`) first: the caller hands over an opaque `Tx` (plugins/db.ts)
//    to say where the work runs;
//  - nor an interface, type or class of another module whose text names a database handle
//    (a listener, a hook the importer fills; of a class, the public members' signatures);
//  - nor a function of another module declaring a return type that names a `…Row` type;
//  - a *.routes.ts file constructs no service, store, provider, bus, poller, storage or
//    semaphore (`new …Service(`): its module's plugin builds them once and decorates the app.
// Run by `npm run lint`; docs/decisions.md, "Server module seams by what crosses them".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['apps/server/src', 'packages/core/src'];
const SKIP = /\.(test|test-support)\.ts$/;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !SKIP.test(entry.name)) yield path;
  }
}

const IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(?:([\w$*{}\s,]+?)\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository-relative file a specifier names, or undefined for a package outside. */
function target(from, specifier, known) {
  let path;
  if (specifier.startsWith('.')) path = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@meeet/core/'))
    path = join(root, 'packages/core/src', `${specifier.slice('@meeet/core/'.length)}.ts`);
  else return undefined;
  const file = relative(root, path);
  return known?.has(file) || existsSync(path) ? file : undefined;
}

/** Every import of `file` (repository-relative) inside the two roots, with its named bindings. */
export function importsOf(file, text, known) {
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const to = target(join(root, file), m[3], known);
    if (!to) continue;
    const names = (m[2] ?? '')
      .replace(/[{}]/g, ' ')
      .split(/[\s,]+/)
      .filter((n) => n && n !== 'type' && n !== 'as' && n !== '*');
    found.push({ to, names });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    const to = target(join(root, file), m[1], known);
    if (to) found.push({ to, names: [] });
  }
  return found;
}

const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
const PRIVATE = /\.(repository|schema)\.ts$/;
/** The app's running code outside modules: it calls a module's service like another module. */
const APP_CODE = /^apps\/server\/src\/(plugins|lib)\//;
/** A routes file only routes: what it would build, `<module>.plugin.ts` builds once. */
const ROUTES = /^apps\/server\/src\/.*\.routes\.ts$/;
const CONSTRUCTED =
  /\bnew\s+((?:[A-Z]\w*)?(?:Service|Sections|Store|Provider|Bus|Poller|Storage|Semaphore))\s*[(<]/g;

/** What a routes file builds itself (`new MarketService(`), by name, in order. */
export function constructedInRoutes(file, text) {
  if (!ROUTES.test(file)) return [];
  return [...text.matchAll(CONSTRUCTED)].map((m) => m[1]);
}

/** A first parameter typed as a database handle: the pool, or a transaction open on it. */
const DB_FIRST = String.raw`\(\s*\w+\s*:\s*(?:Database|DbExecutor)\b`;

/** The text of `export const name = { … }` in `text`, braces counted; undefined if none. */
function objectLiteral(text, name) {
  const start = new RegExp(String.raw`export const ${name}\b[^=]*=\s*\{`).exec(text);
  if (!start) return undefined;
  let depth = 0;
  for (let i = start.index + start[0].length - 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start.index, i + 1);
  }
  return undefined;
}

/**
 * Whether `name`, as `text` exports it, takes a database handle first: a function (an arrow
 * too), or a method of an exported object (`export const ledger = { entry(db: DbExecutor, …) }`).
 */
export function takesDbFirst(text, name) {
  const fn = new RegExp(String.raw`export (?:async )?function ${name}\b(?:<[^(]*>)?${DB_FIRST}`);
  const arrow = new RegExp(
    String.raw`export const ${name}\s*=\s*(?:async\s*)?(?:<[^(]*>)?${DB_FIRST}`,
  );
  if (fn.test(text) || arrow.test(text)) return true;
  const object = objectLiteral(text, name);
  return (
    object !== undefined &&
    new RegExp(String.raw`\n\s+(?:async )?\w+(?:<[^(]*>)?${DB_FIRST}`).test(object)
  );
}

/** `text` without its comments (a comment may name a type it does not use). */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** The text of `export interface|type|class name …` in `text`, braces counted; undefined if none. */
function declaration(text, name) {
  const start = new RegExp(
    String.raw`export (?:declare )?(?:abstract )?(interface|type|class) ${name}\b`,
  ).exec(text);
  if (!start) return undefined;
  const kind = start[1];
  let depth = 0;
  for (let i = start.index; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '}' && --depth === 0 && kind !== 'type') {
      return { kind, text: text.slice(start.index, i + 1) };
    } else if (c === ';' && depth === 0) return { kind, text: text.slice(start.index, i + 1) };
  }
  return undefined;
}

/**
 * What another module can reach of a class: its members' signatures (prettier's two-space
 * indent), bodies, the constructor (the owner's composition root calls it) and private
 * members left out.
 */
function publicSurface(classText) {
  const lines = classText.split('\n').slice(1, -1);
  const surface = [];
  let header = null;
  let body = false;
  for (const line of lines) {
    if (body) {
      if (line === '  }' || line === '  };') body = false;
      continue;
    }
    if (header === null) {
      if (!/^ {2}\S/.test(line)) continue;
      header = { text: '', skip: /^ {2}(?:private|protected|constructor|#)/.test(line) };
    }
    header.text += `${line}\n`;
    const open = (header.text.match(/\(/g) ?? []).length;
    const close = (header.text.match(/\)/g) ?? []).length;
    if (open === close && /[{};]\s*$/.test(line)) {
      if (!header.skip) surface.push(header.text);
      body = /\{\s*$/.test(line);
      header = null;
    }
  }
  return surface.join('');
}

/**
 * Whether `name`, as `text` exports it as an interface, type or class, mentions a database
 * handle (`Database`, `DbExecutor`) where another module sees it: a listener, a hook another
 * module fills or a public method would hand the handle across.
 */
export function mentionsDbHandle(text, name) {
  const found = declaration(code(text), name);
  if (!found) return false;
  const seen = found.kind === 'class' ? publicSurface(found.text) : found.text;
  return /\b(?:Database|DbExecutor)\b/.test(seen);
}

/** Whether exported function `name` declares a return type naming a `…Row` type. */
export function returnsRow(text, name) {
  const fn = new RegExp(String.raw`export (?:async )?function ${name}\b(?:<[^(]*>)?\(`).exec(
    code(text),
  );
  if (!fn) return false;
  const rest = code(text).slice(fn.index + fn[0].length);
  let depth = 1;
  let i = 0;
  for (; i < rest.length && depth > 0; i++) {
    if (rest[i] === '(') depth++;
    else if (rest[i] === ')') depth--;
  }
  const returned = /^\s*:\s*([^{]*)\{/.exec(rest.slice(i));
  return returned !== null && /\w+Row\b/.test(returned[1]);
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The seam problems in `files` (repository-relative path → text). */
export function seamProblems(files) {
  const problems = [];
  const fileGraph = new Map();
  const moduleGraph = new Map();
  for (const [file, text] of files) {
    const imports = importsOf(file, text, files);
    fileGraph.set(file, new Set(imports.map((i) => i.to)));
    const built = constructedInRoutes(file, text);
    if (built.length > 0)
      problems.push(
        `${file} builds ${built.join(', ')}: a routes file only routes; build it once in the module's plugin and read it from the app`,
      );
    const own = MODULE.exec(file)?.[1];
    for (const { to, names } of imports) {
      const other = MODULE.exec(to)?.[1];
      if (!other || other === own) continue;
      const tableForKey = file.endsWith('.schema.ts') && to.endsWith('.schema.ts');
      if (own && !tableForKey) {
        if (!moduleGraph.has(own)) moduleGraph.set(own, new Set());
        moduleGraph.get(own).add(other);
      }
      if (!own && !APP_CODE.test(file)) continue;
      if (PRIVATE.test(to) && !tableForKey)
        problems.push(`${file} imports ${to}: another module's tables and SQL are private to it`);
      const rows = names.filter((n) => /Row$/.test(n));
      if (rows.length > 0 && !tableForKey)
        problems.push(`${file} imports the row type ${rows.join(', ')} of module ${other}`);
      const text = files.get(to);
      if (text === undefined) continue;
      const handles = names.filter((n) => takesDbFirst(text, n));
      if (handles.length > 0)
        problems.push(
          `${file} imports ${handles.join(', ')} of module ${other}, which takes a database handle first: pass a Tx (plugins/db.ts) or call its service`,
        );
      const shapes = names.filter((n) => mentionsDbHandle(text, n));
      if (shapes.length > 0)
        problems.push(
          `${file} imports ${shapes.join(', ')} of module ${other}, whose declaration hands a database handle across: type it with a Tx (plugins/db.ts)`,
        );
      const returning = names.filter((n) => returnsRow(text, n));
      if (returning.length > 0)
        problems.push(
          `${file} imports ${returning.join(', ')} of module ${other}, which returns a row type: answer a type the service declares`,
        );
    }
  }
  for (const c of cycles(fileGraph)) problems.push(`file cycle: ${c.join(' ⇄ ')}`);
  for (const c of cycles(moduleGraph)) problems.push(`module cycle: ${c.join(' ⇄ ')}`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = new Map();
  for (const dir of ROOTS)
    for (const path of sources(join(root, dir)))
      files.set(relative(root, path), readFileSync(path, 'utf8'));
  const problems = seamProblems(files);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} seam problem(s); see docs/decisions.md.`);
    process.exit(1);
  }
}
