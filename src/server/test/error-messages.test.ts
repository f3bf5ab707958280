import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';

// A message a user reads comes from a shared table (src/shared/<feature>.ts *_MESSAGES), where the web
// matches it to its translation; a module throws it with a specific code (issue #18). This scan finds
// AppError subclasses (src/server/platform/errors.ts and those declared in src/server) constructed in
// src/server/modules with a string literal or template as their message.

/** Literal messages that answer a machine, not a person: file (from src/server/modules) and message. */
const ALLOWED = [
  // Stripe's webhook calls; the answer goes back to Stripe.
  { file: 'payments/webhooks.ts', message: 'Stripe is not configured.' },
  { file: 'payments/webhooks.ts', message: 'The webhook signature is not valid.' },
  { file: 'payments/webhooks.ts', message: 'The webhook body is not JSON.' },
];

const MODULES = 'src/server/modules';
/** Not request handling: tests, their helpers, and the backup command line tools. */
const skipped = (file: string) => file.endsWith('.test.ts') || file.endsWith('test-helpers.ts') || file.startsWith('ops/backup/');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(projectRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
}

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(path.join(projectRoot, file), 'utf8'), ts.ScriptTarget.Latest, true);

function visit(node: ts.Node, each: (node: ts.Node) => void) {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

/** The name of the class this class extends, if any. */
function parentOf(node: ts.ClassDeclaration): string | undefined {
  const parent = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  return parent && ts.isIdentifier(parent) ? parent.text : undefined;
}

interface ErrorClass {
  parent: string;
  /** Where the constructor takes its message; undefined: as the parent's; -1: it takes none. */
  messageIndex?: number;
}

/** Every class of src/server by name, with its parent and where its constructor takes the message. */
function errorClasses(files: ts.SourceFile[]): Map<string, ErrorClass> {
  const classes = new Map<string, ErrorClass>();
  for (const source of files) {
    visit(source, (node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const parent = parentOf(node);
      if (!parent) return;
      // The implementation, not an overload's signature (NotFoundError's have none or all parameters).
      const constructor = node.members.find((member): member is ts.ConstructorDeclaration => ts.isConstructorDeclaration(member) && member.body !== undefined);
      const messageIndex = constructor?.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === 'message');
      classes.set(node.name.text, { parent, messageIndex });
    });
  }
  return classes;
}

/** The AppError family, each with where its constructor takes the message (-1: it takes none). */
function appErrors(classes: Map<string, ErrorClass>): Map<string, number> {
  const family = new Map<string, number>([['AppError', classes.get('AppError')?.messageIndex ?? 2]]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [name, { parent, messageIndex }] of classes) {
      if (family.has(name) || !family.has(parent)) continue;
      family.set(name, messageIndex ?? family.get(parent)!);
      grown = true;
    }
  }
  return family;
}

/** The literal text of a message written in place ('…', `…`, or either side of a ?: or +), if it is one. */
function literalText(node: ts.Expression | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.getText().slice(1, -1);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return literalText(node.left) ?? literalText(node.right);
  return undefined;
}

interface Found {
  file: string;
  line: number;
  message: string;
}

/** AppErrors made in src/server/modules (or a subclass's super call) with a literal message. */
function literalMessages(): Found[] {
  const server = sourceFiles('src/server').map(parse);
  const family = appErrors(errorClasses(server));
  const found: Found[] = [];
  for (const source of server) {
    const file = path.relative(MODULES, source.fileName);
    if (file.startsWith('..') || skipped(file)) continue;
    const check = (node: ts.Node, index: number | undefined, args: ts.NodeArray<ts.Expression> | undefined) => {
      const message = index === undefined || index < 0 ? undefined : literalText(args?.[index]);
      if (message !== undefined) found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, message });
    };
    visit(source, (node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && family.has(node.expression.text)) {
        check(node, family.get(node.expression.text), node.arguments);
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
        const owner = ts.findAncestor(node, ts.isClassDeclaration);
        const parent = owner && parentOf(owner);
        if (parent && family.has(parent)) check(node, family.get(parent), node.arguments);
      }
    });
  }
  return found;
}

describe('messages of errors that reach a user come from the shared tables', () => {
  const found = literalMessages();
  const allowed = (item: Found) => ALLOWED.some((entry) => entry.file === item.file && entry.message === item.message);

  it('finds no AppError thrown with a message written in place', () => {
    const strays = found.filter((item) => !allowed(item)).map((item) => `${MODULES}/${item.file}:${item.line} ${item.message}`);
    expect(strays, 'move these messages to the feature’s *_MESSAGES table in src/shared and give each a specific code').toEqual([]);
  });

  // Also the scan's own check: it must keep finding these literal messages.
  it('finds every listed exception, so the list holds only throws still there', () => {
    const stale = ALLOWED.filter((entry) => !found.some((item) => item.file === entry.file && item.message === entry.message));
    expect(stale).toEqual([]);
  });
});

// The web translates a server error by its code (issue #18): a namespace's `errors.<code>` in
// src/web/locales/<language>/<namespace>.json, with {{name}} for each of the error's params. So every
// code thrown with a shared message needs an English entry there that says the same as the shared
// table (checked by rendering the table's function with the params' names), and a message built from
// values must send those values as params.

interface Thrown {
  at: string;
  code: string;
  table: string;
  key: string;
  /** The arguments of a message function (TABLE.key(a, b)); undefined for a plain message. */
  args?: string[];
  /** Names of the params the error sends. */
  params: string[];
}

/** Property names of `{ params: { a, b: x } }` in an error's details argument. */
function paramNames(details: ts.Expression | undefined): string[] {
  if (!details || !ts.isObjectLiteralExpression(details)) return [];
  const params = details.properties.find((property) => property.name && ts.isIdentifier(property.name) && property.name.text === 'params');
  if (!params || !ts.isPropertyAssignment(params) || !ts.isObjectLiteralExpression(params.initializer)) return [];
  return params.initializer.properties.flatMap((property) => (property.name && ts.isIdentifier(property.name) ? [property.name.text] : []));
}

/** Errors made in src/server with a literal code and a shared table's message (TABLE.key or TABLE.key(...)). */
function thrownWithTableMessages(): Thrown[] {
  const server = sourceFiles('src/server').map(parse);
  const family = appErrors(errorClasses(server));
  const found: Thrown[] = [];
  for (const source of server) {
    const file = path.relative('src/server', source.fileName);
    if (file.startsWith('modules/ops/backup/')) continue;
    visit(source, (node) => {
      if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || !family.has(node.expression.text)) return;
      const args = node.arguments ?? ts.factory.createNodeArray<ts.Expression>();
      const messageIndex = family.get(node.expression.text)!;
      if (messageIndex < 0) return;
      const message = args[messageIndex];
      const code = args[messageIndex + (node.expression.text === 'AppError' ? -1 : 1)];
      if (!message || !code || !ts.isStringLiteral(code)) return;
      const call = ts.isCallExpression(message) ? message : undefined;
      const access = call ? call.expression : message;
      if (!ts.isPropertyAccessExpression(access) || !ts.isIdentifier(access.expression) || !access.expression.text.endsWith('_MESSAGES')) return;
      found.push({
        at: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
        code: code.text,
        table: access.expression.text,
        key: access.name.text,
        args: call?.arguments.map((arg) => arg.getText()),
        params: paramNames(args[messageIndex + (node.expression.text === 'AppError' ? 1 : 2)]),
      });
    });
  }
  return found;
}

/** Every *_MESSAGES table exported from src/shared, by name. */
async function sharedTables(): Promise<Map<string, Record<string, unknown>>> {
  const tables = new Map<string, Record<string, unknown>>();
  for (const file of fs.readdirSync(path.join(projectRoot, 'src/shared'))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const exports = (await import(path.join(projectRoot, 'src/shared', file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) if (name.endsWith('_MESSAGES') && value && typeof value === 'object') tables.set(name, value as Record<string, unknown>);
  }
  return tables;
}

/** The `errors` texts of every English namespace: namespace → code → text. */
function englishErrors(): Map<string, Record<string, string>> {
  const dir = path.join(projectRoot, 'src/web/locales/en');
  return new Map(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -5), (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { errors?: Record<string, string> }).errors ?? {}]),
  );
}

describe('server errors are translated by code', () => {
  const thrown = thrownWithTableMessages();

  it('finds the errors it checks', () => {
    expect(thrown.length).toBeGreaterThan(80);
    expect(thrown).toContainEqual(expect.objectContaining({ code: 'code_taken', table: 'LINK_MESSAGES', key: 'codeTaken', params: ['code'] }));
  });

  it('sends the values of a message built from them as params', () => {
    const missing = thrown.filter((item) => item.args && item.args.length > 0 && item.params.length === 0).map((item) => `${item.at} ${item.code}`);
    expect(missing, 'pass { params: { … } } with the values the message is built from').toEqual([]);
  });

  it('has an English text for every code, the same as the shared message', async () => {
    const tables = await sharedTables();
    const errors = englishErrors();
    const problems: string[] = [];
    for (const item of thrown) {
      const entry = tables.get(item.table)?.[item.key];
      // The message with each param as its {{placeholder}}: the params stand in for the arguments, in order.
      const expected =
        typeof entry === 'function' ? (entry as (...args: string[]) => string)(...item.params.map((name) => `{{${name}}}`)) : typeof entry === 'string' ? entry : undefined;
      if (expected === undefined) {
        problems.push(`${item.at}: ${item.table}.${item.key} is not a shared message`);
        continue;
      }
      const texts = [...errors].flatMap(([namespace, codes]) => (codes[item.code] === undefined ? [] : [{ namespace, text: codes[item.code] }]));
      if (!texts.some((candidate) => candidate.text === expected)) {
        problems.push(`${item.at}: ${item.code} → "${expected}" (found: ${texts.map((candidate) => `${candidate.namespace}: "${candidate.text}"`).join(', ') || 'none'})`);
      }
    }
    expect(problems, 'add errors.<code> with this text to the namespace of the screens that receive it (and its translations)').toEqual([]);
  });
});
