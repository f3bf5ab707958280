import { describe, expect, it } from 'vitest';
import { CountTable } from './count-table.ts';

/** The table's keys and counts, in the order the keys came. */
function entriesOf(table: CountTable) {
  const entries = new Map<number, number>();
  table.forEach((key, count) => entries.set(key, count));
  return entries;
}

describe('CountTable', () => {
  it('counts by key like a Map, through growth and emptying, for keys up to 2^53 - 1', () => {
    const table = new CountTable(4);
    const expected = new Map<number, number>();
    // Link ids and visit keys (kind * 2^31 + link), some sharing their low 32 bits.
    const keys = [1, 2, 2 ** 31 + 1, 2 ** 32 + 1, 7 * 2 ** 31 + 5, Number.MAX_SAFE_INTEGER];
    for (let i = 1; i <= 5000; i++) keys.push(i * 7919, (i % 50) * 2 ** 31 + i);
    for (let round = 0; round < 3; round++) {
      for (const [index, key] of keys.entries()) {
        const n = (index % 3) + round;
        table.add(key, n);
        expected.set(key, (expected.get(key) ?? 0) + n);
      }
      expect(table.size).toBe(expected.size);
      expect(entriesOf(table)).toEqual(expected);
      // In the order the keys came (how a flush reads the keys to write).
      const inOrder: [number, number][] = [];
      table.forEach((key, count) => inOrder.push([key, count]));
      expect(inOrder.map(([key]) => key)).toEqual([...expected.keys()]);
      expect(inOrder.map(([key]) => table.get(key))).toEqual([...expected.values()]);
      expect(table.total()).toBe([...expected.values()].reduce((a, b) => a + b, 0));
      expect(table.get(3)).toBe(0);
      expect(table.get(2 ** 32 + 1)).toBe(expected.get(2 ** 32 + 1));
      table.clear();
      expected.clear();
      expect(table.size).toBe(0);
      expect(table.get(1)).toBe(0);
      expect([...entriesOf(table)]).toEqual([]);
    }
  });

  it('adds another table into it', () => {
    const a = new CountTable();
    const b = new CountTable();
    a.add(1, 2);
    b.add(1, 3);
    b.add(9, 1);
    a.addAll(b);
    expect(entriesOf(a)).toEqual(new Map([[1, 5], [9, 1]]));
    expect(b.size).toBe(2);
  });
});
