/*
 * ICU message format for the web and the app (issue 46): `{name}`, `{n, number}` (also
 * `integer` and `percent`), `{d, date|time, short|medium|long|full}`, `{n, plural, …}` and
 * `{n, selectordinal, …}` with `=N` cases, `offset:` and `#`, `{x, select, …}`, and ICU's
 * apostrophe quoting. Numbers, plural rules and dates come from the platform's Intl, as in
 * intl-messageformat, whose output the web's catalogue test compares this with; this runtime
 * adds 1.4 KB to the first visit where that one adds ~12 KB, and the budget had 3.8 KB left
 * (docs/decisions.md, "ICU messages through a small formatter in core").
 * A value that is missing leaves its placeholder visible (`{name}`), so the gap is noticed.
 */

type Node =
  | string
  | { kind: 'arg'; name: string; source: string }
  | { kind: 'number' | 'date' | 'time'; name: string; style: string; source: string }
  | { kind: 'pound' }
  | {
      kind: 'plural' | 'selectordinal' | 'select';
      name: string;
      offset: number;
      options: Map<string, Node[]>;
      source: string;
    };

export type IcuValues = Readonly<Record<string, unknown>>;
/** A value's text when it is shown as itself (`{name}`); numbers are written per locale. */
export type IcuText = (value: unknown) => string;

class Parser {
  private index = 0;
  constructor(private readonly text: string) {}

  parse(): Node[] {
    const nodes = this.nodes(false);
    if (this.index < this.text.length) throw new SyntaxError(`unexpected } at ${this.index}`);
    return nodes;
  }

  private nodes(inPlural: boolean): Node[] {
    const nodes: Node[] = [];
    let literal = '';
    const { text } = this;
    while (this.index < text.length) {
      const char = text[this.index]!;
      if (char === '}') break;
      if (char === '{') {
        if (literal) nodes.push(literal);
        literal = '';
        nodes.push(this.argument());
        continue;
      }
      if (char === '#' && inPlural) {
        if (literal) nodes.push(literal);
        literal = '';
        nodes.push({ kind: 'pound' });
        this.index++;
        continue;
      }
      if (char === "'") {
        literal += this.quoted(inPlural);
        continue;
      }
      literal += char;
      this.index++;
    }
    if (literal) nodes.push(literal);
    return nodes;
  }

  /** ICU quoting: `''` is one apostrophe; `'` before a syntax character quotes up to the next. */
  private quoted(inPlural: boolean): string {
    const { text } = this;
    const next = text[this.index + 1];
    if (next === "'") {
      this.index += 2;
      return "'";
    }
    if (next !== '{' && next !== '}' && !(inPlural && next === '#')) {
      this.index++;
      return "'";
    }
    let out = '';
    this.index++;
    while (this.index < text.length) {
      const char = text[this.index]!;
      if (char === "'") {
        if (text[this.index + 1] === "'") {
          out += "'";
          this.index += 2;
          continue;
        }
        this.index++;
        return out;
      }
      out += char;
      this.index++;
    }
    return out;
  }

  private argument(): Node {
    const start = this.index;
    this.index++; // {
    const name = this.word();
    if (!name) throw new SyntaxError(`an argument without a name at ${start}`);
    this.space();
    if (this.text[this.index] === '}') {
      this.index++;
      return { kind: 'arg', name, source: this.text.slice(start, this.index) };
    }
    this.expect(',');
    const type = this.word();
    this.space();
    if (type === 'number' || type === 'date' || type === 'time') {
      let style = '';
      if (this.text[this.index] === ',') {
        this.index++;
        const end = this.text.indexOf('}', this.index);
        if (end === -1) throw new SyntaxError(`an unclosed argument at ${start}`);
        style = this.text.slice(this.index, end).trim();
        this.index = end;
      }
      this.expect('}');
      return { kind: type, name, style, source: this.text.slice(start, this.index) };
    }
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') {
      throw new SyntaxError(`unknown argument type "${type}" at ${start}`);
    }
    this.expect(',');
    let offset = 0;
    const options = new Map<string, Node[]>();
    for (;;) {
      this.space();
      if (this.text[this.index] === '}') break;
      let key = this.word('=:');
      if (key.startsWith('offset:')) {
        this.space();
        offset = Number(key.slice('offset:'.length) || this.word());
        continue;
      }
      if (!key) throw new SyntaxError(`an option without a key at ${this.index}`);
      if (key.startsWith('=')) key = `=${Number(key.slice(1))}`;
      this.space();
      this.expect('{');
      options.set(key, this.nodes(type !== 'select'));
      this.expect('}');
    }
    this.index++;
    if (!options.has('other')) throw new SyntaxError(`"${name}" has no "other" case`);
    return { kind: type, name, offset, options, source: this.text.slice(start, this.index) };
  }

  private word(extra = ''): string {
    const start = this.index;
    while (this.index < this.text.length) {
      const char = this.text[this.index]!;
      if (/[\w-]/.test(char) || extra.includes(char)) this.index++;
      else break;
    }
    return this.text.slice(start, this.index);
  }

  private space(): void {
    while (/\s/.test(this.text[this.index] ?? '')) this.index++;
  }

  /** Skips space, then `char`; the space after a closing brace is the message's own text. */
  private expect(char: string): void {
    this.space();
    if (this.text[this.index] !== char) {
      throw new SyntaxError(`expected "${char}" at ${this.index} in ${this.text}`);
    }
    this.index++;
    if (char !== '}') this.space();
  }
}

const MAX_PARSED = 5_000;
const parsed = new Map<string, Node[]>();
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  key: string,
  make: () => T,
): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, style: string): Intl.NumberFormat {
  return cached(
    `n|${locale}|${style}`,
    () =>
      new Intl.NumberFormat(
        locale,
        style === 'integer'
          ? { maximumFractionDigits: 0 }
          : style === 'percent'
            ? { style: 'percent' }
            : {},
      ),
  );
}

// ICU's named styles, as intl-messageformat defines them; without one, Intl's default.
const n = 'numeric';
const DATE_STYLES: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  short: { month: n, day: n, year: '2-digit' },
  medium: { month: 'short', day: n, year: n },
  long: { month: 'long', day: n, year: n },
  full: { weekday: 'long', month: 'long', day: n, year: n },
};
const TIME_STYLES: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  short: { hour: n, minute: n },
  medium: { hour: n, minute: n, second: n },
  long: { hour: n, minute: n, second: n, timeZoneName: 'short' },
  full: { hour: n, minute: n, second: n, timeZoneName: 'short' },
};

function dateFormat(locale: string, kind: 'date' | 'time', style: string): Intl.DateTimeFormat {
  const styles = kind === 'date' ? DATE_STYLES : TIME_STYLES;
  const size = Object.hasOwn(styles, style) ? style : '';
  return cached(
    `${kind}|${locale}|${size}`,
    () =>
      new Intl.DateTimeFormat(
        locale,
        size ? styles[size] : kind === 'date' ? {} : TIME_STYLES.medium,
      ),
  );
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

function render(
  nodes: readonly Node[],
  values: IcuValues,
  locale: string,
  text: IcuText,
  pound: string | null,
): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
      continue;
    }
    if (node.kind === 'pound') {
      out += pound ?? '#';
      continue;
    }
    const value = Object.hasOwn(values, node.name) ? values[node.name] : undefined;
    if (value === undefined || value === null) {
      out += node.source;
      continue;
    }
    switch (node.kind) {
      case 'arg':
        out += text(value);
        break;
      case 'number': {
        const number = asNumber(value);
        out += number === null ? text(value) : numberFormat(locale, node.style).format(number);
        break;
      }
      case 'date':
      case 'time': {
        const date = value instanceof Date ? value : new Date(value as string | number);
        out += Number.isNaN(date.getTime())
          ? node.source
          : dateFormat(locale, node.kind, node.style).format(date);
        break;
      }
      case 'select': {
        const chosen = node.options.get(String(value)) ?? node.options.get('other')!;
        out += render(chosen, values, locale, text, pound);
        break;
      }
      default: {
        const number = asNumber(value);
        if (number === null) {
          out += node.source;
          break;
        }
        const exact = node.options.get(`=${number}`);
        const shifted = number - node.offset;
        const rules = cached(
          `p|${locale}|${node.kind}`,
          () =>
            new Intl.PluralRules(locale, {
              type: node.kind === 'selectordinal' ? 'ordinal' : 'cardinal',
            }),
        );
        const chosen =
          exact ?? node.options.get(rules.select(shifted)) ?? node.options.get('other')!;
        out += render(chosen, values, locale, text, numberFormat(locale, '').format(shifted));
      }
    }
  }
  return out;
}

const plainText: IcuText = (value) => String(value);

/**
 * `template` with its arguments filled for `locale`. A template that is not valid ICU (an
 * unclosed brace) is shown as written rather than failing the page.
 */
export function formatIcu(
  template: string,
  values: IcuValues,
  locale: string,
  text: IcuText = plainText,
): string {
  let nodes = parsed.get(template);
  if (!nodes) {
    try {
      nodes = new Parser(template).parse();
    } catch {
      nodes = [template];
    }
    // Templates come from the catalogues, so this stays small; the bound is a safety net.
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(template, nodes);
  }
  return render(nodes, values, locale, text, null);
}
