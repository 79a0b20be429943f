/**
 * @generated SignedSource<<ef36725d3d200992a0408ef0fd87970d>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type NewsletterSignupBlock_block$data = {
  readonly buttonLabel: string;
  readonly description: string;
  readonly heading: string;
  readonly " $fragmentType": "NewsletterSignupBlock_block";
};
export type NewsletterSignupBlock_block$key = {
  readonly " $data"?: NewsletterSignupBlock_block$data;
  readonly " $fragmentSpreads": FragmentRefs<"NewsletterSignupBlock_block">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "NewsletterSignupBlock_block",
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
      "name": "description",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "buttonLabel",
      "storageKey": null
    }
  ],
  "type": "NewsletterSignupBlock",
  "abstractKey": null
};

(node as any).hash = "c4c7d7ea62f1aaddd23a6759ef0ad954";

export default node;
