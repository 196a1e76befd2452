/**
 * No text from outside can make a rule run for long. Three walks keep it so as the code grows:
 * every string an exported schema reads from outside starts with textInput's aborting limit; every
 * exported schema answers fast on 100,000 characters of the worst shapes (and on its fields' own
 * limits, where the patterns do run); and every regular expression written in packages/core is
 * timed on long inputs built from its own characters, so a new backtracking pattern fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as core from './index.ts';
import { hasForbiddenNameCharacters, isEmailShape, textInput } from './text-input.ts';

/** The least time of a few runs: the machine is shared, and only the work itself should count. */
function fastestMs(run: () => unknown, times = 5): number {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

type Def = {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; maximum?: number; abort?: boolean } } }>;
  format?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  element?: z.ZodType;
};
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** A string an exported schema reads straight from outside: where it sits, and its first check. */
type RawText = { path: string[]; schema: z.ZodType; cap: number | null };

/** Walks only what sees raw input: a pipe's or transform's output side sees data already checked. */
function rawTexts(schema: z.ZodType, at: string[] = [], out: RawText[] = []): RawText[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const first = def.checks?.[0]?._zod.def;
      const capped = first?.check === 'max_length' && first.abort === true;
      // A refine that checks the length before anything else may stand in for the limit when the
      // schema declares that limit (userIdParam: a malformed id is "not found", not a 400).
      const declared =
        first?.check === 'custom'
          ? (z.globalRegistry.get(schema) as { maxLength?: number } | undefined)?.maxLength
          : undefined;
      out.push({ path: at, schema, cap: capped ? (first.maximum ?? null) : (declared ?? null) });
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      rawTexts(def.innerType!, at, out);
      break;
    case 'pipe':
      rawTexts(def.in!, at, out);
      break;
    case 'object':
      for (const [key, field] of Object.entries(def.shape ?? {})) rawTexts(field, [...at, key], out);
      break;
    case 'union':
      for (const option of def.options ?? []) rawTexts(option, at, out);
      break;
    case 'array':
      rawTexts(def.element!, [...at, '0'], out);
      break;
  }
  return out;
}

/** Every schema a schema is built of (fields, items, options, wrapped and piped schemas), itself included. */
function partsOf(schema: z.ZodType, into = new Set<z.ZodType>()): Set<z.ZodType> {
  if (into.has(schema)) return into;
  into.add(schema);
  const def = defOf(schema) as Def & { out?: z.ZodType };
  for (const part of [
    def.innerType,
    def.in,
    def.out,
    def.element,
    ...(def.options ?? []),
    ...Object.values(def.shape ?? {}),
  ]) {
    if (part instanceof z.ZodType) partsOf(part, into);
  }
  return into;
}
// The route table's answers are what the server writes, not what it reads: a schema used only there is
// not input. Everything a route reads (params, query, body, form fields) stays in, with every other schema.
const routeSpecs = Object.values(core.apiRoutes) as core.ApiRouteSpec[];
const readByRoutes = new Set(
  routeSpecs.flatMap((spec) =>
    [spec.params, spec.query, spec.body, spec.form?.fields]
      .filter((schema) => schema instanceof z.ZodType)
      .flatMap((schema) => [...partsOf(schema)]),
  ),
);
// liveEvent is what GET /api/events streams (a raw answer in the table).
const answeredByRoutes = new Set(
  [core.apiErrorBody, core.liveEvent, ...routeSpecs.map((spec) => spec.response)]
    .filter((schema) => schema instanceof z.ZodType)
    .flatMap((schema) => [...partsOf(schema)]),
);
const schemas = Object.entries(core as Record<string, unknown>)
  .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
  .filter(([, schema]) => readByRoutes.has(schema) || !answeredByRoutes.has(schema));
const texts = schemas.flatMap(([name, schema]) =>
  rawTexts(schema).map((text) => ({ name, exported: schema, ...text })),
);
const where = (text: { name: string; path: string[] }) => [text.name, ...text.path].join('.');

describe('every text field is capped before its rules run', () => {
  it('finds the exported schemas and their text fields', () => {
    expect(schemas.length).toBeGreaterThan(25);
    expect(texts.length).toBeGreaterThan(60);
  });

  it('every string read from outside starts with an aborting limit (textInput), or is a fixed-shape format such as a uuid', () => {
    const uncapped = texts.filter((text) => text.cap === null && !defOf(text.schema).format).map(where);
    expect(uncapped).toEqual([]);
  });

  it('textInput refuses an over-long text without running its later checks or transforms', () => {
    let ran = 0;
    const schema = textInput(5, 'Too long')
      .refine(() => ++ran > 0)
      .transform((value) => {
        ran += 1;
        return value;
      });
    const result = schema.safeParse('x'.repeat(100_000));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Too long']);
    expect(ran).toBe(0);
  });
});

/** Shapes that have made text rules backtrack: runs of one character, alone or after a prefix that starts a match. */
const RUNS = [
  'a',
  '@',
  '.',
  '<',
  'on',
  ' ',
  '\t',
  '#',
  'a.',
  'a@',
  '<a',
  '<!',
  '1',
  ',',
  '/',
  '-',
  '=',
  '\u202E',
  '\u0000',
];
const PREFIXES = ['', 'a@', '<', 'on', 'eval', 'javascript:', 'https://a'];
const worstShapes = (length: number) =>
  RUNS.flatMap((run) =>
    PREFIXES.map((prefix) => (prefix + run.repeat(Math.ceil(length / run.length))).slice(0, length - 1) + '@'),
  );

function inputAt(fieldPath: string[], value: string): unknown {
  return fieldPath.reduceRight<unknown>((inner, key) => (key === '0' ? [inner] : { [key]: inner }), value);
}

describe('every exported schema answers fast on the worst shapes of text', () => {
  const huge = worstShapes(100_000);

  it('100,000 characters in any text field: refused at once', () => {
    const slow: string[] = [];
    for (const text of texts) {
      for (const value of huge) {
        const ms = fastestMs(() => text.exported.safeParse(inputAt(text.path, value)));
        if (ms > 50) slow.push(`${where(text)} ${JSON.stringify(value.slice(0, 12))}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });

  it('any text field filled to its own limit, where every rule runs: fast', () => {
    const slow: string[] = [];
    for (const text of texts.filter((item) => item.cap !== null)) {
      for (const value of worstShapes(text.cap!)) {
        const ms = fastestMs(() => text.exported.safeParse(inputAt(text.path, value)));
        if (ms > 50) slow.push(`${where(text)} ${JSON.stringify(value.slice(0, 12))}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });

  it('the text helpers themselves are linear on 100,000 characters', () => {
    const helpers: Array<[string, (text: string) => unknown]> = [
      ['sanitizeText', core.sanitizeText],
      ['hasMaliciousContent', core.hasMaliciousContent],
      ['isSafeUrl', (text) => core.isSafeUrl(text, Infinity)],
      ['normalizeLink', core.normalizeLink],
      ['normalizePaymentLink', core.normalizePaymentLink],
      ['describePaymentLink', core.describePaymentLink],
      ['sellerPaymentLink', core.sellerPaymentLink],
      ['parseTags', core.parseTags],
      ['parseAdminHashtags', core.parseAdminHashtags],
      ['isEmailShape', isEmailShape],
      ['hasForbiddenNameCharacters', hasForbiddenNameCharacters],
      ['parsePriceToPence', core.parsePriceToPence],
      ['accessFor', core.accessFor],
    ];
    const slow: string[] = [];
    for (const [name, helper] of helpers) {
      for (const value of [...huge, '/' + '/'.repeat(100_000) + 'a', 'https://a' + '.'.repeat(100_000) + 'b']) {
        const ms = fastestMs(() => helper(value));
        // Linear work on 100,000 characters takes a few milliseconds; a quadratic pattern takes seconds.
        if (ms > 1000) slow.push(`${name} ${JSON.stringify(value.slice(0, 12))}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });
});

/** Every regular expression literal written in packages/core's source (tests aside). */
function corePatterns(): Array<{ file: string; pattern: RegExp }> {
  const dir = import.meta.dirname;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(path.join(dir, file), 'utf8'), ts.ScriptTarget.Latest);
      const found: Array<{ file: string; pattern: RegExp }> = [];
      const visit = (node: ts.Node) => {
        if (ts.isRegularExpressionLiteral(node)) {
          const literal = node.text;
          const slash = literal.lastIndexOf('/');
          found.push({
            file,
            pattern: new RegExp(literal.slice(1, slash), literal.slice(slash + 1).replace(/[gy]/g, '')),
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    });
}

/** Characters a pattern can match, read from its source: what an attacker would repeat. */
function charactersOf(pattern: RegExp): string[] {
  const chars = new Set(['a', 'A', '1', ' ', '\t', '\n', '.', '@', '<', '/', '-', '\u0000', '\u202E']);
  for (const char of pattern.source.replace(/\\[dDwWsSbB]/g, '')) if (char !== '\\') chars.add(char);
  return [...chars];
}

describe('every pattern in packages/core is linear-time', () => {
  const patterns = corePatterns();

  it('finds the patterns', () => {
    expect(patterns.length).toBeGreaterThan(20);
  });

  it('each pattern on 10,000 characters of its own worst shapes: no backtracking blow-up', () => {
    const length = 10_000;
    const slow: string[] = [];
    for (const { file, pattern } of patterns) {
      const chars = charactersOf(pattern);
      const prefixes = ['', ...chars, ...chars.map((char) => `a${char}`)];
      for (const prefix of prefixes) {
        for (const run of chars) {
          const body = prefix + run.repeat(length);
          for (const value of [body, `${body}!`, `${body}@`, `${body}\n`]) {
            const global = new RegExp(pattern.source, `${pattern.flags}g`);
            // One quick try first; the slow ones are timed again so a busy machine cannot fail a linear pattern.
            const once = fastestMs(() => value.replace(global, ''), 1);
            if (once > 25 && fastestMs(() => value.replace(global, '')) > 25)
              slow.push(`${file} ${pattern} on ${JSON.stringify(value.slice(0, 6))}...`);
          }
        }
      }
    }
    expect(slow).toEqual([]);
  });

  it('the checker catches a quadratic pattern (the old email pattern)', () => {
    const old = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const value = `a@${'.'.repeat(10_000)}@`;
    expect(fastestMs(() => old.test(value), 1)).toBeGreaterThan(25);
  });
});

describe('the email shape', () => {
  it('accepts exactly what /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/ accepted', () => {
    const old = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const part = fc.string({ unit: fc.constantFrom('a', '.', '@', ' ', '\u00A0', 'b'), maxLength: 8 });
    fc.assert(
      fc.property(part, part, (left, right) => {
        const email = `${left}@${right}`;
        expect(isEmailShape(email)).toBe(old.test(email));
        expect(isEmailShape(left)).toBe(old.test(left));
      }),
      { numRuns: 2000, seed: 13 },
    );
  });
});

describe('display names', () => {
  const forbidden = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200E',
    '\u200F',
    '\u061C',
    '\u0001',
    '\u001B',
    '\u007F',
    '\u0085',
    '\u009F',
  ];

  it.each([
    ['sign-up', core.signUpInput.shape.displayName],
    ['profile', core.profileDisplayNameSchema],
    ['admin creator form', core.creatorFormSchema.shape.displayName],
  ])('%s refuses control and text-direction characters anywhere in the name', (_form, schema) => {
    for (const char of forbidden) {
      const result = schema.safeParse(`Ann${char}Lee`);
      expect(result.error?.issues[0]?.message, JSON.stringify(char)).toBe(core.texts.validation.displayNameCharacters);
    }
    expect(schema.safeParse('Zoë Ahmed-Lee 李').success).toBe(true);
  });
});
