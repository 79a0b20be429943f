/**
 * @generated SignedSource<<910b0ff289e813a9f04d35b434580fed>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ImageBlock_block$data = {
  readonly caption: string | null | undefined;
  readonly picture: {
    readonly " $fragmentSpreads": FragmentRefs<"Image_asset">;
  };
  readonly " $fragmentType": "ImageBlock_block";
};
export type ImageBlock_block$key = {
  readonly " $data"?: ImageBlock_block$data;
  readonly " $fragmentSpreads": FragmentRefs<"ImageBlock_block">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ImageBlock_block",
  "selections": [
    {
      "alias": "picture",
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
      "kind": "ScalarField",
      "name": "caption",
      "storageKey": null
    }
  ],
  "type": "ImageBlock",
  "abstractKey": null
};

(node as any).hash = "1c5fb5dc544a770f97b6529ed8aaf6cc";

export default node;
