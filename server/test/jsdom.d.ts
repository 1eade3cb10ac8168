// jsdom ships without types (the web tests use it only as Vitest's environment); the server tests
// parse rendered pages with it, and need only this much.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
