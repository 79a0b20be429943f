/**
 * @generated SignedSource<<18c323ca90829ae55a0db3666f5c734e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type SeoHead_seo$data = {
  readonly description: string;
  readonly image: {
    readonly socialUrl: string;
  } | null | undefined;
  readonly title: string;
  readonly " $fragmentType": "SeoHead_seo";
};
export type SeoHead_seo$key = {
  readonly " $data"?: SeoHead_seo$data;
  readonly " $fragmentSpreads": FragmentRefs<"SeoHead_seo">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SeoHead_seo",
  "selections": [
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
      "name": "description",
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
          "alias": "socialUrl",
          "args": [
            {
              "kind": "Literal",
              "name": "format",
              "value": "JPEG"
            },
            {
              "kind": "Literal",
              "name": "width",
              "value": 1280
            }
          ],
          "kind": "ScalarField",
          "name": "resizedUrl",
          "storageKey": "resizedUrl(format:\"JPEG\",width:1280)"
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Seo",
  "abstractKey": null
};

(node as any).hash = "eb78e25144fe9b2510c6534f390da3c7";

export default node;
