// The browser's message catalogs (src/i18n/__generated__/<locale>.ts, compiled
// from src/i18n/catalogs/<locale>.po): without the messages only the server
// writes. Ids under SERVER_ONLY_MESSAGES are the server's own pages (the
// preview link's refusals, server/preview/previewPages.ts, which read them
// through the server renderer's interfaceText); no page the browser renders
// shows them, so each page's catalog chunk leaves them out. The server build
// compiles the catalogs whole.

/** Id prefixes of the messages only the server writes. */
const SERVER_ONLY_MESSAGES = ['previewPage.'];

/** A JavaScript string literal as Lingui writes it ("…", \xNN escapes included) → its value. */
function stringValue(literal) {
  const json = literal.replace(/\\(x([0-9A-Fa-f]{2})|[\s\S])/g, (escape, _code, hex) =>
    hex ? `\\u00${hex}` : escape,
  );
  return JSON.parse(json);
}

/** The catalog module's source with the server's messages taken out. */
function clientCatalog(source) {
  const compiled = /JSON\.parse\(("(?:[^"\\]|\\[\s\S])*")\)/.exec(source);
  if (!compiled)
    throw new Error('clientCatalog: no JSON.parse("…") of the messages in this catalog');
  const messages = JSON.parse(stringValue(compiled[1]));
  const kept = Object.fromEntries(
    Object.entries(messages).filter(
      ([id]) => !SERVER_ONLY_MESSAGES.some((prefix) => id.startsWith(prefix)),
    ),
  );
  const literal = JSON.stringify(JSON.stringify(kept));
  return (
    source.slice(0, compiled.index) +
    `JSON.parse(${literal})` +
    source.slice(compiled.index + compiled[0].length)
  );
}

/** webpack loader (the client build's rule for src/i18n/__generated__/<locale>.ts). */
module.exports = function clientCatalogLoader(source) {
  return clientCatalog(source);
};
module.exports.clientCatalog = clientCatalog;
module.exports.SERVER_ONLY_MESSAGES = SERVER_ONLY_MESSAGES;
