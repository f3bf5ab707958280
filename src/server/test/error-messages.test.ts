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
  { file: 'orders/payments.ts', message: 'Stripe is not configured.' },
  { file: 'orders/payments.ts', message: 'The webhook signature is not valid.' },
  { file: 'orders/payments.ts', message: 'The webhook body is not JSON.' },
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
      const constructor = node.members.find(ts.isConstructorDeclaration);
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
