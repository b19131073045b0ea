// How a slice of the viewer store reaches the store: each slice is written against the keys it
// writes and reads, not against the whole store, so a second instance of a per-log slice can later
// be given its own part of the state without a rewrite.

/** `set` merges a partial state into the store, like zustand's; `get` reads the current state. */
export interface SliceContext<Writes, Reads = Writes> {
  set: (partial: Partial<Writes>) => void;
  get: () => Reads;
}

/** What a slice contributes: its initial state and its actions (merged into the store's `actions`). */
export interface Slice<State, Actions> {
  state: State;
  actions: Actions;
}
