// Written by scripts/catalogs.mjs from src/i18n/catalogs/: do not edit.
/** Every interface message's id (src/i18n/catalogs/<locale>.po). */
export type MessageId =
  | "nav.label";
