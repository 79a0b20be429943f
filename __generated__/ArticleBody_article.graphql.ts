/**
 * @generated SignedSource<<b69ddab3f51e3ccb9f4e49dd59693b0b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleBody_article$data = {
  readonly body: {
    readonly " $fragmentSpreads": FragmentRefs<"RichText_richText">;
  };
  readonly " $fragmentType": "ArticleBody_article";
};
export type ArticleBody_article$key = {
  readonly " $data"?: ArticleBody_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleBody_article">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ArticleBody_article",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "RichText",
      "kind": "LinkedField",
      "name": "body",
      "plural": false,
      "selections": [
        {
          "args": null,
          "kind": "FragmentSpread",
          "name": "RichText_richText"
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "05aa1f10e7d4e39b00e6293350ce4e9a";

export default node;
