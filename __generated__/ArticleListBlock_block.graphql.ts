/**
 * @generated SignedSource<<365e9b5c12777f3bfe109c25ac1f2555>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
export type ArticleListMode = "BY_TOPIC" | "LATEST";
import type { FragmentRefs } from "relay-runtime";
export type ArticleListBlock_block$data = {
  readonly articles: ReadonlyArray<{
    readonly id: string;
    readonly " $fragmentSpreads": FragmentRefs<"ArticleCard_article">;
  }>;
  readonly heading: string;
  readonly mode: ArticleListMode;
  readonly topic: {
    readonly name: string;
    readonly slug: string;
  } | null | undefined;
  readonly " $fragmentType": "ArticleListBlock_block";
};
export type ArticleListBlock_block$key = {
  readonly " $data"?: ArticleListBlock_block$data;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleListBlock_block">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ArticleListBlock_block",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "heading",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "mode",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Topic",
      "kind": "LinkedField",
      "name": "topic",
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
          "name": "name",
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
      "name": "articles",
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
      "storageKey": null
    }
  ],
  "type": "ArticleListBlock",
  "abstractKey": null
};

(node as any).hash = "7f54ce32d9c58844d635d9b15a8d785b";

export default node;
