/**
 * @generated SignedSource<<f210435474e44963bb97fc437bd58dd9>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs, Result } from "relay-runtime";
export type RelatedArticles_article$data = {
  readonly related: Result<ReadonlyArray<{
    readonly id: string;
    readonly " $fragmentSpreads": FragmentRefs<"ArticleCard_article">;
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
      },
      "to": "RESULT"
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "aebfc89a3cf2e94749eda0ca182876a5";

export default node;
