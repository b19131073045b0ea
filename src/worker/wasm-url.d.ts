// Type of Vite's `?url` import of a .wasm file (the worker config compiles without vite/client types).

declare module '*.wasm?url' {
  /** URL of the emitted asset, resolved against the page. */
  const url: string;
  // eslint-disable-next-line no-restricted-syntax -- Vite's `?url` module has exactly one, default, export
  export default url;
}
