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

describe('the first view', () => {
  const packages = firstViewPackages();

  it('reaches the app shell (the walk follows aliases and relative imports)', () => {
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router', 'i18next']));
  });

  it.each(KEPT_OUT)('does not import %s statically', (name) => {
    expect(packages.get(name), `${name} reached through ${packages.get(name)?.join(' → ')}`).toBeUndefined();
  });
});
