// jsdom for component tests, with the web platform classes jsdom lacks but
// Node has (react-router's loaders build Request objects with AbortSignals).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'TextEncoder',
  'TextDecoder',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'fetch',
  'ReadableStream',
  'AbortController',
  'AbortSignal',
  'structuredClone',
];

class FolioJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    // jsdom does not lay out pages; react-router's scroll restoration calls this.
    this.global.scrollTo = () => {};
  }
}

module.exports = FolioJsdomEnvironment;
