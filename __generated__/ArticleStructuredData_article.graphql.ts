/**
 * @generated SignedSource<<59a021db1ce8bf580db10cb7f50fdcb3>>
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
  readonly liveBlog: {
    readonly coverageEndTime: string | null | undefined;
    readonly coverageStartTime: string;
    readonly updates: ReadonlyArray<{
      readonly author: {
        readonly name: string;
      } | null | undefined;
      readonly id: string;
      readonly publishedAt: string;
      readonly title: string;
    }>;
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
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "title",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "publishedAt",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ArticleStructuredData_article",
  "selections": [
    (v0/*:: as any*/),
    (v1/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "summary",
      "storageKey": null
    },
    (v2/*:: as any*/),
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
        (v3/*:: as any*/)
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
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "LiveBlog",
      "kind": "LinkedField",
      "name": "liveBlog",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "coverageStartTime",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "coverageEndTime",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "LiveBlogUpdate",
          "kind": "LinkedField",
          "name": "updates",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "id",
              "storageKey": null
            },
            (v1/*:: as any*/),
            (v2/*:: as any*/),
            {
              "alias": null,
              "args": null,
              "concreteType": "Author",
              "kind": "LinkedField",
              "name": "author",
              "plural": false,
              "selections": [
                (v3/*:: as any*/)
              ],
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Article",
  "abstractKey": null
};
})();

(node as any).hash = "b6fba09af90b66011980ba8e6c5938a7";

export default node;
