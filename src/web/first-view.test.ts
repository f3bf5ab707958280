// The first view (decision 014) is main.tsx and everything it imports statically, plus what every
// page loads right after its first paint (the header's cart link, a first visit's notice); routes, dialogs and menus load
// with import(). Heavy libraries a first paint does not need must stay out of it: this walks the
// static imports from those roots and fails when one of them is reached (a shared module that gains
// a zod schema, a header component that imports a dropdown…), naming the chain.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** Not in the first view: form libraries and validation, radio groups, menus and dialogs, the design canvas, charts. */
const KEPT_OUT = ['zod', 'react-hook-form', '@hookform/resolvers', '@radix-ui/react-radio-group', '@radix-ui/react-dropdown-menu', '@radix-ui/react-dialog', 'konva', 'react-konva', 'recharts'];

/** The entry, and the lazy parts every page loads right after its first paint. */
const FIRST_VIEW_ROOTS = ['src/web/main.tsx', 'src/web/features/orders/components/cart-link.tsx', 'src/web/features/site/components/construction-notice.tsx'];

const ALIASES: Record<string, string> = { '#shared/': 'src/shared/', '#web/': 'src/web/', '#server/': 'src/server/' };

/** Static, value imports and re-exports of a module (not `import type`, not `import()`). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  return found;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return path.join(root, ALIASES[alias]!, specifier.slice(alias.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return undefined;
}

/** Every package the first view reaches, with the chain of files that brings it in. */
function firstViewPackages(): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: [file: string, chain: string[]][] = FIRST_VIEW_ROOTS.map((file) => [path.join(root, file), []]);
  while (queue.length > 0) {
    const [file, chain] = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const here = [...chain, path.relative(root, file)];
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
      const local = resolveLocal(file, specifier);
      if (local) {
        if (/\.(ts|tsx)$/.test(local) && fs.existsSync(local)) queue.push([local, here]);
        continue;
      }
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      if (!packages.has(name)) packages.set(name, here);
    }
  }
  return packages;
}

type Alias = { find: RegExp; replacement: string };
/** What the web build's aliases make of an import (vite.config.ts; the first alias that matches, as Vite does). */
async function builtAs(specifier: string): Promise<string> {
  const { default: config } = await import('../../vite.config.ts');
  const aliases = (config as { resolve: { alias: Alias[] } }).resolve.alias;
  const alias = aliases.find(({ find }) => find.test(specifier));
  return alias ? specifier.replace(alias.find, alias.replacement) : specifier;
}

/** Every package a web source file (not a test) imports, by name. */
function webPackages(): Set<string> {
  const names = new Set<string>();
  for (const file of fs.readdirSync(path.join(root, 'src/web'), { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    for (const specifier of staticImports(fs.readFileSync(path.join(root, 'src/web', file), 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('#')) continue;
      names.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  }
  return names;
}

// The web build runs on Preact's React compatibility layer (decision 014: about 55 KB less in every first view).
describe('the web build on preact/compat', () => {
  it.each([
    ['react', 'preact/compat'],
    ['react-dom', 'preact/compat'],
    ['react-dom/client', 'preact/compat/client'],
    ['react/jsx-runtime', 'preact/compat/jsx-runtime'],
    ['react/jsx-dev-runtime', 'preact/compat/jsx-runtime'],
  ])('builds %s as %s', async (specifier, preact) => {
    expect(await builtAs(specifier)).toBe(preact);
  });

  it('imports no library that brings its own React renderer (react-konva and the like need React itself)', () => {
    const withRenderer = [...webPackages()].filter((name) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      return name === 'react-konva' || 'react-reconciler' in (manifest.dependencies ?? {});
    });
    expect(withRenderer).toEqual([]);
  });
});

describe('the first view', () => {
  const packages = firstViewPackages();

  it('reaches the app shell (the walk follows aliases and relative imports)', () => {
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router', 'i18next']));
  });

  it.each(KEPT_OUT)('does not import %s statically', (name) => {
    expect(packages.get(name), `${name} reached through ${packages.get(name)?.join(' → ')}`).toBeUndefined();
  });
});
