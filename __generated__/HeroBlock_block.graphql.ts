/**
 * @generated SignedSource<<ae4f633701ad3948a747fc7248f89050>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type HeroBlock_block$data = {
  readonly callToAction: {
    readonly label: string;
    readonly url: string;
  } | null | undefined;
  readonly heading: string;
  readonly image: {
    readonly " $fragmentSpreads": FragmentRefs<"Image_asset">;
  } | null | undefined;
  readonly subheading: string | null | undefined;
  readonly " $fragmentType": "HeroBlock_block";
};
export type HeroBlock_block$key = {
  readonly " $data"?: HeroBlock_block$data;
  readonly " $fragmentSpreads": FragmentRefs<"HeroBlock_block">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HeroBlock_block",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "heading",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "subheading",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Asset",
      "kind": "LinkedField",
      "name": "image",
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
      "alias": null,
      "args": null,
      "concreteType": "Link",
      "kind": "LinkedField",
      "name": "callToAction",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "label",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "url",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "HeroBlock",
  "abstractKey": null
};

(node as any).hash = "d43d72d02aaff527f7140c98dc07ab5f";

export default node;
