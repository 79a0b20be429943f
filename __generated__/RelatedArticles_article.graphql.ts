/**
 * @generated SignedSource<<5c75df6fc77bd5d2b91c9a434c3ba1a6>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs, Result } from "relay-runtime";
export type RelatedArticles_article$data = {
  readonly related: Result<ReadonlyArray<{
    readonly " $fragmentSpreads": FragmentRefs<"ArticleCardList_articles">;
  }> | null | undefined, unknown>;
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
      "kind": "CatchField",
      "field": {
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
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleCardList_articles"
          }
        ],
        "storageKey": "related(first:3)"
      },
      "to": "RESULT"
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "c6ca3c6c8a035dbbd0f087b7f17dcba2";

export default node;
