// Growable typed-array columns: one number per event or line, never one object per event.

type TypedArray = Int32Array | Float64Array | Uint8Array | Uint16Array;
type TypedArrayConstructor<T extends TypedArray> = new (length: number) => T;

/** The first allocation: small, since most columns of a head read or a tiny log hold a few entries. */
const INITIAL_CAPACITY = 16;
/** Entries from which a column grows by half instead of doubling. */
const LARGE_CAPACITY = 1 << 18;

/** One empty array per type, shared by every column that has no entry yet (it cannot be written). */
const EMPTY_ARRAYS = new Map<TypedArrayConstructor<TypedArray>, TypedArray>();

function emptyOf<T extends TypedArray>(make: TypedArrayConstructor<T>): T {
  let empty = EMPTY_ARRAYS.get(make);
  if (empty === undefined) {
    empty = new make(0);
    EMPTY_ARRAYS.set(make, empty);
  }
  return empty as T;
}

/**
 * A typed array that grows geometrically when full. `values` may be longer than `length`; only
 * `values[0 .. length)` is meaningful. `view()` returns a subarray without copying.
 */
export class Column<T extends TypedArray> {
  values: T;
  length = 0;
  private readonly make: TypedArrayConstructor<T>;
  private readonly initialCapacity: number;

  /**
   * Allocates nothing until the first entry: a workspace's head reads make a decoder (some twenty
   * columns) per session, and 100,000 members × 1,024 entries each was most of a ZIP's listing.
   */
  constructor(make: TypedArrayConstructor<T>, initialCapacity = INITIAL_CAPACITY) {
    this.make = make;
    this.initialCapacity = initialCapacity;
    this.values = emptyOf(make);
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
      this.initialCapacity,
      1,
    );
    while (capacity < minimum) capacity *= 2;
    const next = new this.make(capacity);
    next.set(this.values.subarray(0, this.length));
    this.values = next;
  }
}
