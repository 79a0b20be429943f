/**
 * @generated SignedSource<<f4adc84980d0c409259dff1d9b0de270>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleEmbed_article$data = {
  readonly heroImage: {
    readonly " $fragmentSpreads": FragmentRefs<"Image_asset">;
  } | null | undefined;
  readonly slug: string;
  readonly summary: string;
  readonly title: string;
  readonly " $fragmentType": "ArticleEmbed_article";
};
export type ArticleEmbed_article$key = {
  readonly " $data"?: ArticleEmbed_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"ArticleEmbed_article">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ArticleEmbed_article",
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
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "96aa136b6d2f1633fcc444d4fee7a66e";

export default node;
