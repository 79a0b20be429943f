/**
 * @generated SignedSource<<258f6fac725332d2536fa548b7a8df0f>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
export type PreviewScope = "DOCUMENT" | "EVERYTHING";
import type { FragmentRefs } from "relay-runtime";
export type PreviewBanner_viewer$data = {
  readonly isPreview: boolean;
  readonly previewScope: PreviewScope | null | undefined;
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
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "previewScope",
      "storageKey": null
    }
  ],
  "type": "Viewer",
  "abstractKey": null
};

(node as any).hash = "a65c0273611ad5db8da9143fea429595";

export default node;
