/**
 * @generated SignedSource<<f804c2cb75c72bc9d7a2d9c7b313fd1c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type FeaturedArticlesBlock_block$data = {
  readonly articles: ReadonlyArray<{
    readonly id: string;
    readonly " $fragmentSpreads": FragmentRefs<"ArticleCard_article">;
  }>;
  readonly heading: string;
  readonly " $fragmentType": "FeaturedArticlesBlock_block";
};
export type FeaturedArticlesBlock_block$key = {
  readonly " $data"?: FeaturedArticlesBlock_block$data;
  readonly " $fragmentSpreads": FragmentRefs<"FeaturedArticlesBlock_block">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "FeaturedArticlesBlock_block",
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
  "type": "FeaturedArticlesBlock",
  "abstractKey": null
};

(node as any).hash = "a878d188d460f793492d7b7cbcb29fe2";

export default node;
