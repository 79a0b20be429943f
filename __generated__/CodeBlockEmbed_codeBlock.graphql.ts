/**
 * @generated SignedSource<<967292f3b3281bf0788746f2d32ebf2e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type CodeBlockEmbed_codeBlock$data = {
  readonly caption: string | null | undefined;
  readonly code: string;
  readonly language: string;
  readonly " $fragmentType": "CodeBlockEmbed_codeBlock";
};
export type CodeBlockEmbed_codeBlock$key = {
  readonly " $data"?: CodeBlockEmbed_codeBlock$data;
  readonly " $fragmentSpreads": FragmentRefs<"CodeBlockEmbed_codeBlock">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "CodeBlockEmbed_codeBlock",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "language",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "code",
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
  "type": "CodeBlock",
  "abstractKey": null
};

(node as any).hash = "6156b7aa23438a5aaa142b3eb877b24e";

export default node;
