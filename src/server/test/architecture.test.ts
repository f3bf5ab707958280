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
