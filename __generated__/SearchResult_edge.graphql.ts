/**
 * @generated SignedSource<<83523501c20dfc3a11737c5f962a9cbc>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type SearchResult_edge$data = {
  readonly node: {
    readonly publishedAt: string | null | undefined;
    readonly slug: string;
    readonly title: string;
    readonly topics: ReadonlyArray<{
      readonly name: string;
    }>;
  };
  readonly snippet: ReadonlyArray<{
    readonly highlighted: boolean;
    readonly text: string;
  }>;
  readonly " $fragmentType": "SearchResult_edge";
};
export type SearchResult_edge$key = {
  readonly " $data"?: SearchResult_edge$data;
  readonly " $fragmentSpreads": FragmentRefs<"SearchResult_edge">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SearchResult_edge",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "TextSpan",
      "kind": "LinkedField",
      "name": "snippet",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "text",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "highlighted",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Article",
      "kind": "LinkedField",
      "name": "node",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "slug",
          "storageKey": null
        },
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
          "kind": "ScalarField",
          "name": "publishedAt",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Topic",
          "kind": "LinkedField",
          "name": "topics",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "name",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "SearchResultEdge",
  "abstractKey": null
};

(node as any).hash = "91118ada67de488803c82625716692f9";

export default node;
