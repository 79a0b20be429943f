/**
 * @generated SignedSource<<e5c60e480dd5d92bf53aad38a7d57926>>
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
    readonly isPreview: boolean;
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
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "isPreview",
          "storageKey": null
        },
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

(node as any).hash = "56a697936a09d3dedf811478b6118cc8";

export default node;
