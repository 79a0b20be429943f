/**
 * @generated SignedSource<<c9b7ec308916641afe5a2ea20f99849c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
export type CalloutTone = "INFO" | "SUCCESS" | "WARNING";
import type { FragmentRefs } from "relay-runtime";
export type CalloutBlock_block$data = {
  readonly body: string;
  readonly heading: string;
  readonly link: {
    readonly label: string;
    readonly url: string;
  } | null | undefined;
  readonly tone: CalloutTone;
  readonly " $fragmentType": "CalloutBlock_block";
};
export type CalloutBlock_block$key = {
  readonly " $data"?: CalloutBlock_block$data;
  readonly " $fragmentSpreads": FragmentRefs<"CalloutBlock_block">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "CalloutBlock_block",
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
      "name": "body",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "tone",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Link",
      "kind": "LinkedField",
      "name": "link",
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
  "type": "CalloutBlock",
  "abstractKey": null
};

(node as any).hash = "f56aabd74692084dfba06398f30e670c";

export default node;
