/**
 * @generated SignedSource<<d6afcf0095f8e90f1c1aa2f91b9b2f56>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type RelatedArticles_article$data = {
  readonly related: ReadonlyArray<{
    readonly id: string;
    readonly " $fragmentSpreads": FragmentRefs<"ArticleCard_article">;
  }>;
  readonly " $fragmentType": "RelatedArticles_article";
};
export type RelatedArticles_article$key = {
  readonly " $data"?: RelatedArticles_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"RelatedArticles_article">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RelatedArticles_article",
  "selections": [
    {
      "alias": null,
      "args": [
        {
          "kind": "Literal",
          "name": "first",
          "value": 3
        }
      ],
      "concreteType": "Article",
      "kind": "LinkedField",
      "name": "related",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "id",
          "storageKey": null
        },
        {
          "args": null,
          "kind": "FragmentSpread",
          "name": "ArticleCard_article"
        }
      ],
      "storageKey": "related(first:3)"
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "f94ecc0a30d4f0e1bd6827fcd19a48a8";

export default node;
