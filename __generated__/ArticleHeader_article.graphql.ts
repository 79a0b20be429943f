/**
 * @generated SignedSource<<eed1b0a7bb0c6edd265f6ce35636016c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleHeader_article$data = {
  readonly heroImage: {
    readonly " $fragmentSpreads": FragmentRefs<"Image_asset">;
  } | null | undefined;
  readonly summary: string;
  readonly title: string;
  readonly topics: ReadonlyArray<{
    readonly id: string;
    readonly name: string;
    readonly slug: string;
  }>;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleByline_article">;
  readonly " $fragmentType": "ArticleHeader_article";
};
export type ArticleHeader_article$key = {
  readonly " $data"?: ArticleHeader_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleHeader_article">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ArticleHeader_article",
  "selections": [
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
      "concreteType": "Topic",
      "kind": "LinkedField",
      "name": "topics",
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
      "alias": null,
      "args": null,
      "concreteType": "Asset",
      "kind": "LinkedField",
      "name": "heroImage",
      "plural": false,
      "selections": [
        {
          "args": null,
          "kind": "FragmentSpread",
          "name": "Image_asset"
        }
      ],
      "storageKey": null
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "ArticleByline_article"
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "4a15605961b44af52cf86abd1f5554d9";

export default node;
