/**
 * @generated SignedSource<<154134337a047b99419ce66c7322c679>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleStructuredData_article$data = {
  readonly authors: ReadonlyArray<{
    readonly name: string;
    readonly slug: string;
  }>;
  readonly heroImage: {
    readonly large: string;
  } | null | undefined;
  readonly publishedAt: string | null | undefined;
  readonly slug: string;
  readonly summary: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly " $fragmentType": "ArticleStructuredData_article";
};
export type ArticleStructuredData_article$key = {
  readonly " $data"?: ArticleStructuredData_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleStructuredData_article">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "slug",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ArticleStructuredData_article",
  "selections": [
    (v0/*:: as any*/),
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
      "name": "summary",
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
      "kind": "ScalarField",
      "name": "updatedAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Author",
      "kind": "LinkedField",
      "name": "authors",
      "plural": true,
      "selections": [
        (v0/*:: as any*/),
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
      "concreteType": "Asset",
      "kind": "LinkedField",
      "name": "heroImage",
      "plural": false,
      "selections": [
        {
          "alias": "large",
          "args": [
            {
              "kind": "Literal",
              "name": "format",
              "value": "JPEG"
            },
            {
              "kind": "Literal",
              "name": "width",
              "value": 1280
            }
          ],
          "kind": "ScalarField",
          "name": "resizedUrl",
          "storageKey": "resizedUrl(format:\"JPEG\",width:1280)"
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Article",
  "abstractKey": null
};
})();

(node as any).hash = "3a992a773d827b16384f67cc17c7ef26";

export default node;
