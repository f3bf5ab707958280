// A message of a shared check is translated by its code, its key in a *_MESSAGES table (decision 016):
// the screen names the tables its checks take their messages from (localizeMessage, fieldMessage) or a
// message by table and key (coded). So each of those keys needs `errors.<key>` in the screen's
// namespace or in common, in English the very text of the table (with its fixed params), and with it
// (i18n-keys.test.ts) the same key in every other language. This scan finds the calls and checks.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { MessageParams, MessageTable } from '#shared/messages.ts';

const webDir = path.resolve(import.meta.dirname, '..');
const sharedDir = path.resolve(webDir, '../shared');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every export of src/shared by name: the tables and their fixed params among them. */
async function sharedExports(): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  for (const file of fs.readdirSync(sharedDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    for (const [name, value] of Object.entries((await import(path.join(sharedDir, file))) as Record<string, unknown>)) found.set(name, value);
  }
  return found;
}

const englishErrors = (namespace: string): Record<string, string> => {
  const file = path.join(webDir, 'locales/en', `${namespace}.json`);
  return fs.existsSync(file) ? ((JSON.parse(fs.readFileSync(file, 'utf8')) as { errors?: Record<string, string> }).errors ?? {}) : {};
};

interface Use {
  at: string;
  namespace: string;
  tables: string[];
  /** Only these keys (coded(TABLE, 'key')); all plain keys of the tables otherwise. */
  keys?: string[];
  params?: string;
}

/** The calls that translate a shared message: localizeMessage/fieldMessage(message, 'ns', TABLES, PARAMS?) and coded(TABLE, 'key') in a feature. */
function uses(): Use[] {
  const found: Use[] = [];
  for (const file of sourceFiles(webDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const feature = /features\/([^/]+)\//.exec(path.relative(webDir, file))?.[1];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const at = `${path.relative(webDir, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const [, namespace, tables, params] = node.arguments;
        if (/^(localizeMessage|fieldMessage)$/.test(node.expression.text) && namespace && ts.isStringLiteral(namespace) && tables) {
          const names = ts.isArrayLiteralExpression(tables) ? tables.elements.map((element) => element.getText()) : [tables.getText()];
          found.push({ at, namespace: namespace.text, tables: names, params: params?.getText() });
        }
        const [table, key] = node.arguments;
        if (node.expression.text === 'coded' && feature && table && key && ts.isStringLiteral(key)) {
          found.push({ at, namespace: feature, tables: [table.getText()], keys: [key.text] });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const fill = (text: string, params: MessageParams = {}) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

describe('messages of the shared checks are translated by code', () => {
  const found = uses();

  it('finds the screens that translate shared messages', () => {
    expect(found.length).toBeGreaterThan(30);
    expect(found).toContainEqual(expect.objectContaining({ namespace: 'api-keys', tables: ['API_KEY_MESSAGES'], params: 'API_KEY_MESSAGE_PARAMS' }));
  });

  it('has errors.<code> for every message they may show, in English the words of the table', async () => {
    const shared = await sharedExports();
    const common = englishErrors('common');
    const problems: string[] = [];
    for (const use of found) {
      const errors = { ...common, ...englishErrors(use.namespace) };
      const params = use.params ? (shared.get(use.params) as Record<string, MessageParams> | undefined) : undefined;
      if (use.params && !params) problems.push(`${use.at}: ${use.params} is not an export of src/shared`);
      for (const name of use.tables) {
        const table = shared.get(name) as MessageTable | undefined;
        if (!table || !name.endsWith('_MESSAGES')) {
          problems.push(`${use.at}: ${name} is not a *_MESSAGES table of src/shared`);
          continue;
        }
        for (const key of use.keys ?? Object.keys(table)) {
          const text = table[key];
          if (typeof text !== 'string') {
            if (use.keys) problems.push(`${use.at}: ${name}.${key} is not a plain message`);
            continue;
          }
          const english = errors[key];
          if (english === undefined) problems.push(`${use.namespace}: errors.${key} missing (${name}.${key} "${text}", ${use.at})`);
          else if (fill(english, params?.[key]) !== text) problems.push(`${use.namespace}: errors.${key} "${english}" is not ${name}.${key} "${text}" (${use.at})`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
