// TextDecoder exists in browsers, workers and Node; the ES-only lib of tsconfig.log.json omits it.
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
// btoa exists in browsers, workers and Node (≥ 16) alike; the HTML export encodes with it.
declare function btoa(data: string): string;
