/**
 * @generated SignedSource<<1339dfc6e0c677d9a07232080d5dcb12>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
export type ContentStatus = "ARCHIVED" | "DRAFT" | "PUBLISHED";
export type PreviewScope = "DOCUMENT" | "EVERYTHING";
export type PreviewVersion = "DRAFT" | "PUBLISHED";
import type { FragmentRefs } from "relay-runtime";
export type PreviewBanner_viewer$data = {
  readonly isPreview: boolean;
  readonly previewScope: PreviewScope | null | undefined;
  readonly previewedDocument: {
    readonly document: {
      readonly __typename: "Article";
      readonly publishedAt: string | null | undefined;
      readonly slug: string;
      readonly status: ContentStatus;
    } | {
      readonly __typename: "Page";
      readonly slug: string;
    } | {
      // This will never be '%other', but we need some
      // value in case none of the concrete values match.
      readonly __typename: "%other";
    } | null | undefined;
    readonly version: PreviewVersion;
  } | null | undefined;
  readonly " $fragmentType": "PreviewBanner_viewer";
};
export type PreviewBanner_viewer$key = {
  readonly " $data"?: PreviewBanner_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"PreviewBanner_viewer">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "slug",
  "storageKey": null
};
return {
  "argumentDefinitions": [
    {
      "kind": "RootArgument",
      "name": "locale"
    }
  ],
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
    },
    {
      "alias": null,
      "args": [
        {
          "kind": "Variable",
          "name": "locale",
          "variableName": "locale"
        }
      ],
      "concreteType": "PreviewedDocument",
      "kind": "LinkedField",
      "name": "previewedDocument",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "version",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": null,
          "kind": "LinkedField",
          "name": "document",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "__typename",
              "storageKey": null
            },
            {
              "kind": "InlineFragment",
              "selections": [
                (v0/*:: as any*/),
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "status",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "publishedAt",
                  "storageKey": null
                }
              ],
              "type": "Article",
              "abstractKey": null
            },
            {
              "kind": "InlineFragment",
              "selections": [
                (v0/*:: as any*/)
              ],
              "type": "Page",
              "abstractKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Viewer",
  "abstractKey": null
};
})();

(node as any).hash = "98731dab99157c7242d6267a06e2c70c";

export default node;
