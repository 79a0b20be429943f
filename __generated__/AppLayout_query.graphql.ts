/**
 * @generated SignedSource<<1ae72eaa90c94a1a0f005290f5298212>>
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
  "argumentDefinitions": [
    {
      "kind": "RootArgument",
      "name": "locale"
    }
  ],
  "kind": "Fragment",
  "metadata": null,
  "name": "AppLayout_query",
  "selections": [
    {
      "alias": null,
      "args": [
        {
          "kind": "Variable",
          "name": "locale",
          "variableName": "locale"
        }
      ],
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

(node as any).hash = "1d299a13f0d95ffcd185f26403e5cc02";

export default node;
