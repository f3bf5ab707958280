import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';

// docs/architecture.md lists the features and the layers each has; the folders must say the same.
const LAYERS = {
  shared: { dir: 'src/shared', entries: () => files('src/shared').filter((name) => !name.endsWith('.test.ts')).map((name) => name.replace(/\.ts$/, '')) },
  server: { dir: 'src/server/modules', entries: () => folders('src/server/modules') },
  database: { dir: 'src/server/db/schema', entries: () => files('src/server/db/schema').map((name) => name.replace(/\.ts$/, '')) },
  web: { dir: 'src/web/features', entries: () => folders('src/web/features') },
} as const;
type Layer = keyof typeof LAYERS;

const list = (dir: string) => fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true });
const files = (dir: string) => list(dir).filter((entry) => entry.isFile()).map((entry) => entry.name);
const folders = (dir: string) => list(dir).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/** The rows of the markdown table whose header starts with `firstColumn`. */
function table(markdown: string, firstColumn: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${firstColumn} |`));
  expect(start, `a table starting with "${firstColumn}"`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows;
}

const doc = fs.readFileSync(path.join(projectRoot, 'docs/architecture.md'), 'utf8');
const features = table(doc, 'feature').map(([name, , shared, server, database, web]) => ({
  name: name!,
  layers: { shared: shared === 'yes', server: server === 'yes', database: database === 'yes', web: web === 'yes' } as Record<Layer, boolean>,
}));
const platform = table(doc, 'name').map(([name, layers]) => ({ name: name!, layers: layers!.split(',').map((layer) => layer.trim()) }));

/** The feature (or platform item) an entry belongs to: its own name, or `<feature>-<topic>` in src/shared. */
function ownerOf(entry: string, layer: Layer): string | undefined {
  const names = [...features.map((feature) => feature.name), ...platform.map((item) => item.name)].sort((a, b) => b.length - a.length);
  return names.find((name) => entry === name || (layer === 'shared' && entry.startsWith(`${name}-`)));
}

describe('one name per feature in every layer (docs/architecture.md)', () => {
  it('lists features', () => {
    expect(features.length).toBeGreaterThan(10);
  });

  for (const layer of Object.keys(LAYERS) as Layer[]) {
    it(`${LAYERS[layer].dir} holds exactly the features marked for it`, () => {
      const entries = LAYERS[layer].entries();
      const owners = new Set(entries.map((entry) => ownerOf(entry, layer)));
      const strays = entries.filter((entry) => {
        const owner = ownerOf(entry, layer);
        const feature = features.find((candidate) => candidate.name === owner);
        if (feature) return !feature.layers[layer];
        return !platform.some((item) => item.name === owner && item.layers.includes(layer));
      });
      expect(strays, `entries of ${LAYERS[layer].dir} that the table does not give this layer`).toEqual([]);
      const missing = features.filter((feature) => feature.layers[layer] && !owners.has(feature.name)).map((feature) => feature.name);
      expect(missing, `features the table gives ${LAYERS[layer].dir} that it does not have`).toEqual([]);
    });
  }
});

// The server's modules call each other's services in one direction only (docs/architecture.md,
// "Layers"): no cycle among them, so each can be read, tested and changed from the ones below it up.
// Tests and their helpers may import anything; type-only imports count like the others.
const MODULES_DIR = 'src/server/modules';
const testOnly = (file: string) => /\.test\.ts$|(^|\/)test-(helpers|fixtures)\.ts$/.test(file);

/** Each module's imports of other modules, with the files that make them (`from → to: [file → file]`). */
function moduleImports(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const name of folders(MODULES_DIR)) graph.set(name, new Map());
  const sources = fs.readdirSync(path.join(projectRoot, MODULES_DIR), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !testOnly(file));
  for (const file of sources) {
    const from = file.split(path.sep)[0]!;
    const text = fs.readFileSync(path.join(projectRoot, MODULES_DIR, file), 'utf8');
    for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.[^']+)'/gm)) {
      const target = path.normalize(path.join(path.dirname(file), match[1]!));
      if (target.startsWith('..')) continue; // outside the modules (platform, db, shared)
      const to = target.split(path.sep)[0]!;
      if (to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), `${file} → ${target}`]);
    }
  }
  return graph;
}

/** The groups of modules that import each other in a circle (Tarjan's strongly connected components of more than one). */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the server modules import each other without a cycle', () => {
  const graph = moduleImports();

  it('finds the imports it checks', () => {
    expect(graph.get('orders')?.has('payments')).toBe(true);
    expect(cycles(new Map([['a', new Map([['b', []]])], ['b', new Map([['a', []]])]]))).toEqual([['a', 'b']]);
  });

  it('has no cycle among src/server/modules', () => {
    const found = cycles(graph).map((group) => ({
      modules: group.join(' ↔ '),
      imports: group.flatMap((from) => group.flatMap((to) => graph.get(from)?.get(to) ?? [])),
    }));
    expect(found).toEqual([]);
  });

  it('payments imports no feature module: the features it serves are wired in by app.ts', () => {
    expect([...(graph.get('payments')?.entries() ?? [])].flatMap(([, files]) => files)).toEqual([]);
  });
});
