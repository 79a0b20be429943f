/**
 * @generated SignedSource<<d7663596614972e92626ca10cd52d341>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleLiveBlog_article$data = {
  readonly liveBlog: {
    readonly coverageEndTime: string | null | undefined;
    readonly coverageStartTime: string;
    readonly pinnedSummary: {
      readonly " $fragmentSpreads": FragmentRefs<"RichText_richText">;
    } | null | undefined;
    readonly updates: ReadonlyArray<{
      readonly id: string;
      readonly isKeyEvent: boolean;
      readonly publishedAt: string;
      readonly title: string;
      readonly " $fragmentSpreads": FragmentRefs<"LiveBlogUpdate_update">;
    }>;
  } | null | undefined;
  readonly " $fragmentType": "ArticleLiveBlog_article";
};
export type ArticleLiveBlog_article$key = {
  readonly " $data"?: ArticleLiveBlog_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleLiveBlog_article">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ArticleLiveBlog_article",
  "selections": [
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
          "concreteType": "RichText",
          "kind": "LinkedField",
          "name": "pinnedSummary",
          "plural": false,
          "selections": [
            {
              "args": null,
              "kind": "FragmentSpread",
              "name": "RichText_richText"
            }
          ],
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
              "name": "publishedAt",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "isKeyEvent",
              "storageKey": null
            },
            {
              "args": null,
              "kind": "FragmentSpread",
              "name": "LiveBlogUpdate_update"
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

(node as any).hash = "a4ba61b9ded8afb0e4f565dd952490ef";

export default node;
