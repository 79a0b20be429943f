// negotiator 1.x ships no types, and @types/negotiator describes 0.6 (no `preferred`).
declare module 'negotiator' {
  interface NegotiatorOptions {
    /** Breaks ties between equally acceptable values, first preferred. */
    preferred?: string[];
  }
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: string[], options?: NegotiatorOptions): string | undefined;
    encodings(available?: string[], options?: NegotiatorOptions): string[];
  }
  export = Negotiator;
}
