// Growable typed-array columns: one number per event or line, never one object per event.

type TypedArray = Int32Array | Float64Array | Uint8Array | Uint16Array;
type TypedArrayConstructor<T extends TypedArray> = new (length: number) => T;

const INITIAL_CAPACITY = 1024;
/** Entries from which a column grows by half instead of doubling. */
const LARGE_CAPACITY = 1 << 18;

/**
 * A typed array that grows geometrically when full. `values` may be longer than `length`; only
 * `values[0 .. length)` is meaningful. `view()` returns a subarray without copying.
 */
export class Column<T extends TypedArray> {
  values: T;
  length = 0;
  private readonly make: TypedArrayConstructor<T>;

  constructor(make: TypedArrayConstructor<T>, initialCapacity = INITIAL_CAPACITY) {
    this.make = make;
    this.values = new make(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = value;
  }

  /** Appends `count` copies of `value`. */
  fill(value: number, count: number): void {
    this.ensure(this.length + count);
    this.values.fill(value, this.length, this.length + count);
    this.length += count;
  }

  /** Makes sure `values` can hold `capacity` entries (keeps `length`). */
  ensure(capacity: number): void {
    if (capacity > this.values.length) this.grow(capacity);
  }

  get(index: number): number {
    return this.values[index] as number;
  }

  set(index: number, value: number): void {
    this.values[index] = value;
  }

  /** The meaningful prefix, shared with the column (no copy). */
  view(): T {
    return this.values.subarray(0, this.length) as T;
  }

  /**
   * Trims the spare capacity (`values.length` becomes `length`), so a finished log holds no
   * doubling slack. Pushing afterwards still works (the column grows again).
   */
  shrink(): void {
    if (this.values.length > this.length) this.values = this.values.slice(0, this.length) as T;
  }

  /** Drops entries from `length` on (used when a packed row is rejected half-way). */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  private grow(minimum: number): void {
    // Doubling while small, then +50 %: the old and new arrays coexist during the copy, so a
    // smaller factor lowers the transient peak of the big columns.
    const current = this.values.length;
    let capacity = Math.max(
      current < LARGE_CAPACITY ? current * 2 : current + (current >> 1),
      INITIAL_CAPACITY,
    );
    while (capacity < minimum) capacity *= 2;
    const next = new this.make(capacity);
    next.set(this.values.subarray(0, this.length));
    this.values = next;
  }
}
