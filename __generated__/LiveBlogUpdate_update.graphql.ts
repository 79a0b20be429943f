/**
 * @generated SignedSource<<494925729598554ae5c7e209e9ee1005>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type LiveBlogUpdate_update$data = {
  readonly author: {
    readonly name: string;
  } | null | undefined;
  readonly body: {
    readonly " $fragmentSpreads": FragmentRefs<"RichText_richText">;
  };
  readonly id: string;
  readonly isKeyEvent: boolean;
  readonly publishedAt: string;
  readonly title: string;
  readonly " $fragmentType": "LiveBlogUpdate_update";
};
export type LiveBlogUpdate_update$key = {
  readonly " $data"?: LiveBlogUpdate_update$data;
  readonly " $fragmentSpreads": FragmentRefs<"LiveBlogUpdate_update">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "LiveBlogUpdate_update",
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
      "alias": null,
      "args": null,
      "concreteType": "Author",
      "kind": "LinkedField",
      "name": "author",
      "plural": false,
      "selections": [
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
  "type": "LiveBlogUpdate",
  "abstractKey": null
};

(node as any).hash = "86744ffad979b532838bb0394b75487e";

export default node;
