// Strings load with the routes that use them (lib/i18n.ts): the first view bundles FIRST_VIEW_NAMESPACES
// and each lazy route in router.tsx declares the others it needs in `page([...], load)`. A page whose
// components use an undeclared namespace would show raw keys until it arrives, so this walks each
// route's imports (static ones, and the lazy ones of its components) and compares.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUNDLED_NAMESPACES, FIRST_VIEW_NAMESPACES, i18n, i18nReady } from './lib/i18n.ts';

const webDir = import.meta.dirname;
const routerFile = path.join(webDir, 'router.tsx');
const NAMESPACES = fs.readdirSync(path.join(webDir, 'locales/en')).map((file) => file.replace(/\.json$/, ''));

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('#web/')
    ? path.join(webDir, specifier.slice('#web/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  return base && ['', '.ts', '.tsx'].map((ending) => base + ending).find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

const scanned = new Map<string, { namespaces: Set<string>; imports: string[] }>();

/** The namespaces a file's strings come from, and the web files it imports (type-only imports aside). */
function scan(file: string) {
  if (!scanned.has(file)) scanned.set(file, read(file));
  return scanned.get(file)!;
}

function read(file: string) {
  const source = fs.readFileSync(file, 'utf8');
  const namespaces = new Set<string>();
  if (/\buseTranslation\(\s*\)|\bi18n\.t\(/.test(source)) namespaces.add('common');
  for (const match of source.matchAll(/useTranslation\(\s*['"]([^'"]+)['"]/g)) namespaces.add(match[1]!);
  for (const match of source.matchAll(/getFixedT\([^,]+,\s*['"]([^'"]+)['"]/g)) namespaces.add(match[1]!);
  // 'namespace:key' anywhere (t('licenses:nav'), keys kept in tables).
  for (const match of source.matchAll(/['"`]([a-zA-Z-]+):[a-zA-Z]/g)) if (NAMESPACES.includes(match[1]!)) namespaces.add(match[1]!);
  const imports: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
      if (!typeOnly) imports.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      imports.push(node.arguments[0].text);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^(localizeMessage|localizeError|fieldMessage)$/.test(node.expression.text)) {
      // lib/server-message.ts (and form-errors.ts) read the namespace's `errors` strings.
      const namespace = node.arguments[1];
      if (namespace && ts.isStringLiteral(namespace)) namespaces.add(namespace.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return { namespaces, imports: imports.map((specifier) => resolve(file, specifier)).filter((found) => found !== undefined) };
}

/** Every namespace used by the files and what they import; router.tsx's own lazy routes are checked one by one. */
function namespacesUsed(files: string[]): Map<string, string> {
  const used = new Map<string, string>(); // namespace -> a file that uses it
  const seen = new Set<string>();
  const pending = [...files];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file === routerFile) {
      pending.push(...staticImports(file));
      continue;
    }
    const { namespaces, imports } = scan(file);
    for (const namespace of namespaces) if (!used.has(namespace)) used.set(namespace, path.relative(webDir, file));
    pending.push(...imports);
  }
  return used;
}

function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter((statement) => ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
    .map((statement) => resolve(file, ((statement as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text))
    .filter((found) => found !== undefined);
}

/** router.tsx's `page([...namespaces], load)` calls with the modules their load imports, and imports outside any. */
function routerPages() {
  const source = ts.createSourceFile(routerFile, fs.readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const pages: { namespaces: string[]; modules: string[]; line: number }[] = [];
  const undeclared: string[] = [];
  const visit = (node: ts.Node, inPage: boolean) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'page') {
      const [declared, load] = node.arguments;
      if (!declared || !ts.isArrayLiteralExpression(declared) || !load) throw new Error('page() takes an array literal of namespaces and a loader');
      const modules: string[] = [];
      const collect = (inner: ts.Node) => {
        if (ts.isCallExpression(inner) && inner.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(inner.arguments[0]!)) {
          modules.push(resolve(routerFile, inner.arguments[0].text)!);
        }
        ts.forEachChild(inner, collect);
      };
      collect(load);
      pages.push({
        namespaces: declared.elements.map((element) => (element as ts.StringLiteral).text),
        modules,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
      return;
    }
    if (!inPage && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) undeclared.push(node.getText());
    ts.forEachChild(node, (child) => visit(child, inPage));
  };
  visit(source, false);
  return { pages, undeclared };
}

describe('namespaces are named after the features (issue #18)', () => {
  // Two features' strings are split so the first view bundles only its part (decision 014): the site
  // feature's info pages (info) and the links feature's pages beyond the home page's shorten form (links-pages).
  it('each namespace is a web feature, common (the app shell), info or links-pages', () => {
    const features = fs.readdirSync(path.join(webDir, 'features'));
    expect(NAMESPACES.filter((namespace) => !features.includes(namespace) && !['common', 'info', 'links-pages'].includes(namespace))).toEqual([]);
  });
});

describe('namespaces load with their routes', { timeout: 30_000 }, () => {
  const firstView: readonly string[] = FIRST_VIEW_NAMESPACES;
  const { pages, undeclared } = routerPages();

  it('the first view (main.tsx, the shell, the home page) uses only the bundled namespaces', () => {
    const used = namespacesUsed([path.join(webDir, 'main.tsx')]);
    const missing = [...used].filter(([namespace]) => !firstView.includes(namespace)).map(([namespace, file]) => `${namespace} (${file})`);
    expect(missing).toEqual([]);
  });

  it('the first view namespaces are the bundled English ones (the eager glob lists them again)', async () => {
    await i18nReady;
    expect([...BUNDLED_NAMESPACES].sort()).toEqual([...firstView].sort());
    // Bundled, so English has them without loading anything (other test files may have loaded more since).
    for (const namespace of firstView) expect(i18n.hasResourceBundle('en', namespace), namespace).toBe(true);
  });

  it('every lazy module of router.tsx is loaded through page()', () => {
    expect(undeclared).toEqual([]);
    expect(pages.length).toBeGreaterThan(30);
  });

  it('every lazy route declares the namespaces its components use', () => {
    const missing: string[] = [];
    for (const { namespaces, modules, line } of pages) {
      for (const namespace of namespaces) if (!NAMESPACES.includes(namespace)) missing.push(`router.tsx:${line} declares unknown ${namespace}`);
      for (const [namespace, file] of namespacesUsed(modules)) {
        if (!firstView.includes(namespace) && !namespaces.includes(namespace)) missing.push(`router.tsx:${line} needs ${namespace} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
