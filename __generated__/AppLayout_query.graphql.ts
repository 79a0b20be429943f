/**
 * @generated SignedSource<<43012c0b5e90c9cfa019a8b6b79ea7fc>>
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
  readonly viewer: {
    readonly " $fragmentSpreads": FragmentRefs<"PreviewBanner_viewer">;
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
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Viewer",
      "kind": "LinkedField",
      "name": "viewer",
      "plural": false,
      "selections": [
        {
          "args": null,
          "kind": "FragmentSpread",
          "name": "PreviewBanner_viewer"
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Query",
  "abstractKey": null
};

(node as any).hash = "c7b09cbe439a9628c3b44b1065a9d5bd";

export default node;
