/**
 * @generated SignedSource<<7ea2f7e9a897ce0bdae08cc15109c951>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type SiteHeader_site$data = {
  readonly navigation: ReadonlyArray<{
    readonly label: string;
    readonly url: string;
  }>;
  readonly title: string;
  readonly " $fragmentType": "SiteHeader_site";
};
export type SiteHeader_site$key = {
  readonly " $data"?: SiteHeader_site$data;
  readonly " $fragmentSpreads": FragmentRefs<"SiteHeader_site">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SiteHeader_site",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "title",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Link",
      "kind": "LinkedField",
      "name": "navigation",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "label",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "url",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Site",
  "abstractKey": null
};

(node as any).hash = "7a18f2171fc07fa2dae2c5b93736654e";

export default node;
