/**
 * @generated SignedSource<<781055e268e597fca055fb631a6016b7>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
export type ArticleListMode = "BY_TOPIC" | "LATEST";
import type { FragmentRefs, Result } from "relay-runtime";
export type ArticleListBlock_block$data = {
  readonly articles: Result<ReadonlyArray<{
    readonly " $fragmentSpreads": FragmentRefs<"ArticleCardList_articles">;
  }> | null | undefined, unknown>;
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
      "kind": "CatchField",
      "field": {
        "alias": null,
        "args": null,
        "concreteType": "Article",
        "kind": "LinkedField",
        "name": "articles",
        "plural": true,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleCardList_articles"
          }
        ],
        "storageKey": null
      },
      "to": "RESULT"
    }
  ],
  "type": "ArticleListBlock",
  "abstractKey": null
};

(node as any).hash = "118454c9fe0ca300b2ed816340af9246";

export default node;
