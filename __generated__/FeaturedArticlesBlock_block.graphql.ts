/**
 * @generated SignedSource<<81f3412e3886b08f64335cbbe02e394b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs, Result } from "relay-runtime";
export type FeaturedArticlesBlock_block$data = {
  readonly articles: Result<ReadonlyArray<{
    readonly id: string;
    readonly " $fragmentSpreads": FragmentRefs<"ArticleCard_article">;
  }> | null | undefined, unknown>;
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
      },
      "to": "RESULT"
    }
  ],
  "type": "FeaturedArticlesBlock",
  "abstractKey": null
};

(node as any).hash = "ff7638c68804e8f4dbfcd771b934b184";

export default node;
