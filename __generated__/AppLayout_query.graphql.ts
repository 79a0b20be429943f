/**
 * @generated SignedSource<<cfe34e63d029a5a43dbaaf7c40599bfa>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type AppLayout_query$data = {
  readonly site: {
    readonly " $fragmentSpreads": FragmentRefs<"SiteFooter_site" | "SiteHeader_site">;
  };
  readonly " $fragmentType": "AppLayout_query";
};
export type AppLayout_query$key = {
  readonly " $data"?: AppLayout_query$data;
  readonly " $fragmentSpreads": FragmentRefs<"AppLayout_query">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AppLayout_query",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "Site",
      "kind": "LinkedField",
      "name": "site",
      "plural": false,
      "selections": [
        {
          "args": null,
          "kind": "FragmentSpread",
          "name": "SiteHeader_site"
        },
        {
          "args": null,
          "kind": "FragmentSpread",
          "name": "SiteFooter_site"
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Query",
  "abstractKey": null
};

(node as any).hash = "d5a859bc66ece26f6de5cb70f7f84ff1";

export default node;
