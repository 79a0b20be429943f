/**
 * @generated SignedSource<<1ab1b2d578559a7f7007858ed238c122>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleCardList_articles$data = ReadonlyArray<{
  readonly id: string;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleCard_article">;
  readonly " $fragmentType": "ArticleCardList_articles";
}>;
export type ArticleCardList_articles$key = ReadonlyArray<{
  readonly " $data"?: ArticleCardList_articles$data;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleCardList_articles">;
}>;

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "plural": true
  },
  "name": "ArticleCardList_articles",
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
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "42b29f1b57764411cf870ee5b30da00b";

export default node;
