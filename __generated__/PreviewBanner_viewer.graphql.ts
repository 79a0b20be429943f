/**
 * @generated SignedSource<<2ea797b7abb666a65d74e8f00ef3236c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type PreviewBanner_viewer$data = {
  readonly isPreview: boolean;
  readonly " $fragmentType": "PreviewBanner_viewer";
};
export type PreviewBanner_viewer$key = {
  readonly " $data"?: PreviewBanner_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"PreviewBanner_viewer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "PreviewBanner_viewer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "isPreview",
      "storageKey": null
    }
  ],
  "type": "Viewer",
  "abstractKey": null
};

(node as any).hash = "3ba41d8b38772580dc09a74494016883";

export default node;
