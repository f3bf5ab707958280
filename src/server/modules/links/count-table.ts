/**
 * Counts by a whole-number key (a link id, or a visit's kind and link: any integer from 1 to 2^53 - 1),
 * in typed arrays kept from one batch to the next. Under load a batch of clicks or visits counts
 * hundreds of thousands of keys; Maps for them were made afresh per batch, and each, growing, left
 * its old tables behind in the large-object space until a full collection (tens of MB of RSS). These
 * arrays grow to the load once and are then reused: emptied key by key, no garbage (decision 004).
 */
export class CountTable {
  /** Key per slot; 0 is an empty slot. */
  private keys: Float64Array;
  /** Counts of one batch: below 2^32. */
  private counts: Uint32Array;
  /** The filled slots in the order their keys came: for reading them back and for emptying. */
  private filled: Int32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1024) {
    let slots = 1024;
    while (roomIn(slots) < capacity) slots *= 2;
    this.keys = new Float64Array(slots);
    this.counts = new Uint32Array(slots);
    this.filled = new Int32Array(roomIn(slots));
    this.mask = slots - 1;
  }

  add(key: number, n: number) {
    const slot = this.slotOf(key);
    if (this.keys[slot] === 0) {
      if (this.size === this.filled.length) {
        this.grow();
        this.add(key, n);
        return;
      }
      this.keys[slot] = key;
      this.filled[this.size++] = slot;
    }
    this.counts[slot]! += n;
  }

  get(key: number): number {
    const slot = this.slotOf(key);
    return this.keys[slot] === 0 ? 0 : this.counts[slot]!;
  }

  /** Each key and its count, in the order the keys came. */
  forEach(each: (key: number, count: number) => void) {
    for (let i = 0; i < this.size; i++) {
      const slot = this.filled[i]!;
      each(this.keys[slot]!, this.counts[slot]!);
    }
  }

  total(): number {
    let total = 0;
    for (let i = 0; i < this.size; i++) total += this.counts[this.filled[i]!]!;
    return total;
  }

  /** Adds every count of `other` here. */
  addAll(other: CountTable) {
    for (let i = 0; i < other.size; i++) {
      const slot = other.filled[i]!;
      this.add(other.keys[slot]!, other.counts[slot]!);
    }
  }

  /** Empties the table, keeping its room: only the filled slots are touched. */
  clear() {
    for (let i = 0; i < this.size; i++) {
      const slot = this.filled[i]!;
      this.keys[slot] = 0;
      this.counts[slot] = 0;
    }
    this.size = 0;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  private slotOf(key: number): number {
    // The key's low and high 32 bits, mixed (murmur3's finaliser).
    let h = (key >>> 0) ^ Math.imul(Math.floor(key / 4294967296), 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    const keys = this.keys;
    const mask = this.mask;
    let slot = h & mask;
    while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow() {
    const { keys, counts, filled, size } = this;
    const slots = keys.length * 2;
    this.keys = new Float64Array(slots);
    this.counts = new Uint32Array(slots);
    this.filled = new Int32Array(roomIn(slots));
    this.mask = slots - 1;
    this.size = 0;
    for (let i = 0; i < size; i++) this.add(keys[filled[i]!]!, counts[filled[i]!]!);
  }
}

/** Keys a table of `slots` takes: at most three quarters full, so that linear probing stays short. */
const roomIn = (slots: number) => (slots >> 2) * 3;
