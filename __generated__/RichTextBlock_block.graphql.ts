/**
 * @generated SignedSource<<2e5534c6b2d13068311061fe0c505e58>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type RichTextBlock_block$data = {
  readonly richText: {
    readonly " $fragmentSpreads": FragmentRefs<"RichText_richText">;
  };
  readonly " $fragmentType": "RichTextBlock_block";
};
export type RichTextBlock_block$key = {
  readonly " $data"?: RichTextBlock_block$data;
  readonly " $fragmentSpreads": FragmentRefs<"RichTextBlock_block">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RichTextBlock_block",
  "selections": [
    {
      "alias": "richText",
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
  "type": "RichTextBlock",
  "abstractKey": null
};

(node as any).hash = "7146aee09f3ec7f8ff84b8d9bd9a934a";

export default node;
