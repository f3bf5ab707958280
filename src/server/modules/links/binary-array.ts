/** Dimensions, null flag, element type, then the one dimension's length and lower bound. */
const HEADER = 20;
const OID = { int4: 23, int8: 20 } as const;

/**
 * Whole numbers as a one-dimensional PostgreSQL array in its binary form (what array_recv reads): a
 * query parameter pg sends as it is, with no text for the app to build or for the database to parse.
 * The buffer is kept and written again for each statement. A statement's parameters live as long as
 * it runs, under load long enough to reach the old generation, which only a full collection empties:
 * made afresh per statement, a flush's parameters piled up there (about 10 MB of RSS every 10 s).
 * So build the next value only once the statement that sent the last one has finished.
 */
export class BinaryArray {
  private buffer: Buffer;
  private length = 0;
  private readonly width: number;
  private readonly usualBytes: number;

  /** `int4` values must fit 32 bits signed; `int8` ones are whole numbers up to 2^53. */
  constructor(
    private readonly type: keyof typeof OID,
    capacity: number,
  ) {
    this.width = type === 'int4' ? 4 : 8;
    this.usualBytes = HEADER + capacity * (4 + this.width);
    this.buffer = Buffer.alloc(this.usualBytes);
  }

  /**
   * Empties it for the next statement, with room for `values` at once if it needs more than it has;
   * room grown far past `capacity` for one statement (a stop's whole batch) is let go after it.
   */
  clear(values = 0): this {
    this.length = 0;
    const bytes = HEADER + values * (4 + this.width);
    if (bytes > this.buffer.length || (this.buffer.length > 4 * this.usualBytes && bytes <= this.usualBytes)) {
      this.buffer = Buffer.alloc(Math.max(bytes, this.usualBytes));
    }
    return this;
  }

  push(value: number) {
    const at = HEADER + this.length * (4 + this.width);
    if (at + 4 + this.width > this.buffer.length) {
      const bigger = Buffer.alloc(HEADER + this.length * 2 * (4 + this.width));
      this.buffer.copy(bigger);
      this.buffer = bigger;
    }
    this.buffer.writeInt32BE(this.width, at);
    if (this.width === 4) this.buffer.writeInt32BE(value, at + 4);
    else {
      this.buffer.writeInt32BE(Math.floor(value / 2 ** 32), at + 4);
      this.buffer.writeUInt32BE(value >>> 0, at + 8);
    }
    this.length++;
  }

  /** The array as a parameter: a view of the buffer, good until the next `clear`. */
  value(): Buffer {
    this.buffer.writeInt32BE(this.length === 0 ? 0 : 1, 0); // an empty array has no dimension
    this.buffer.writeInt32BE(0, 4); // no nulls
    this.buffer.writeInt32BE(OID[this.type], 8);
    if (this.length === 0) return this.buffer.subarray(0, 12);
    this.buffer.writeInt32BE(this.length, 12);
    this.buffer.writeInt32BE(1, 16);
    return this.buffer.subarray(0, HEADER + this.length * (4 + this.width));
  }
}
