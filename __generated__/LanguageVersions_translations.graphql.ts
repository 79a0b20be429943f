/**
 * @generated SignedSource<<9fd4cf2d9c0fe0e961a9a93c918addba>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type LanguageVersions_translations$data = ReadonlyArray<{
  readonly locale: string;
  readonly slug: string;
  readonly " $fragmentType": "LanguageVersions_translations";
}>;
export type LanguageVersions_translations$key = ReadonlyArray<{
  readonly " $data"?: LanguageVersions_translations$data;
  readonly " $fragmentSpreads": FragmentRefs<"LanguageVersions_translations">;
}>;

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "plural": true
  },
  "name": "LanguageVersions_translations",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "locale",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "slug",
      "storageKey": null
    }
  ],
  "type": "Translation",
  "abstractKey": null
};

(node as any).hash = "b8451e6e2387c1f4652702ece7652816";

export default node;
