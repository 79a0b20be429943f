import { messages as de } from '../../src/i18n/__generated__/de';
import { messages as en } from '../../src/i18n/__generated__/en';
import { provideMessages } from '../../src/i18n/messages';

/** Every locale's compiled catalog, ready before a component test renders (the browser loads them as chunks). */
export function provideEveryCatalog(): void {
  provideMessages('en', en);
  provideMessages('de', de);
}
