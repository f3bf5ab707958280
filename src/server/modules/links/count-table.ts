/**
 * Counts by a whole-number key (a link id, or a visit's kind and link: any integer from 1 to 2^53 - 1),
 * in typed arrays kept from one batch to the next. Under load a batch of clicks or visits counts
 * hundreds of thousands of keys; Maps for them were made afresh per batch, and each, growing, left
 * its old tables behind in the large-object space until a full collection (tens of MB of RSS). These
 * arrays grow to the load once and are then reused: emptied key by key, no garbage (decision 004).
 */
export class CountTable {
  /**
   * Two numbers per slot, side by side so that counting touches one place in memory: the key (0 in an
   * empty slot) and its count in the batch.
   */
  private slots: Float64Array;
  /** The filled slots in the order their keys came: for reading them back and for emptying. */
  private filled: Int32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1024) {
    let slots = 1024;
    while (roomIn(slots) < capacity) slots *= 2;
    this.slots = new Float64Array(slots * 2);
    this.filled = new Int32Array(roomIn(slots));
    this.mask = slots - 1;
  }

  add(key: number, n: number) {
    const at = this.slotOf(key) * 2;
    if (this.slots[at] === 0) {
      if (this.size === this.filled.length) {
        this.grow();
        this.add(key, n);
        return;
      }
      this.slots[at] = key;
      this.filled[this.size++] = at;
    }
    this.slots[at + 1]! += n;
  }

  get(key: number): number {
    const at = this.slotOf(key) * 2;
    return this.slots[at] === 0 ? 0 : this.slots[at + 1]!;
  }

  /** Each key and its count, in the order the keys came. */
  forEach(each: (key: number, count: number) => void) {
    for (let i = 0; i < this.size; i++) {
      const at = this.filled[i]!;
      each(this.slots[at]!, this.slots[at + 1]!);
    }
  }

  total(): number {
    let total = 0;
    for (let i = 0; i < this.size; i++) total += this.slots[this.filled[i]! + 1]!;
    return total;
  }

  /** Adds every count of `other` here. */
  addAll(other: CountTable) {
    other.forEach((key, count) => this.add(key, count));
  }

  /** Empties the table, keeping its room: only the filled slots are touched. */
  clear() {
    for (let i = 0; i < this.size; i++) {
      const at = this.filled[i]!;
      this.slots[at] = 0;
      this.slots[at + 1] = 0;
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
    const slots = this.slots;
    const mask = this.mask;
    let slot = h & mask;
    while (slots[slot * 2] !== 0 && slots[slot * 2] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow() {
    const { slots, filled, size } = this;
    const slotCount = (this.mask + 1) * 2;
    this.slots = new Float64Array(slotCount * 2);
    this.filled = new Int32Array(roomIn(slotCount));
    this.mask = slotCount - 1;
    this.size = 0;
    for (let i = 0; i < size; i++) this.add(slots[filled[i]!]!, slots[filled[i]! + 1]!);
  }
}

/** Keys a table of `slots` takes: at most three quarters full, so that linear probing stays short. */
const roomIn = (slots: number) => (slots >> 2) * 3;
