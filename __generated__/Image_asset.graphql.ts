/**
 * @generated SignedSource<<b00d08abd6fb7abe210889cc5b98826d>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type Image_asset$data = {
  readonly alt: string;
  readonly height: number;
  readonly url: string;
  readonly w1280: string;
  readonly w1920: string;
  readonly w320: string;
  readonly w640: string;
  readonly w960: string;
  readonly width: number;
  readonly " $fragmentType": "Image_asset";
};
export type Image_asset$key = {
  readonly " $data"?: Image_asset$data;
  readonly " $fragmentSpreads": FragmentRefs<"Image_asset">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "kind": "Literal",
  "name": "format",
  "value": "WEBP"
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "Image_asset",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "url",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "width",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "height",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "alt",
      "storageKey": null
    },
    {
      "alias": "w320",
      "args": [
        (v0/*:: as any*/),
        {
          "kind": "Literal",
          "name": "width",
          "value": 320
        }
      ],
      "kind": "ScalarField",
      "name": "resizedUrl",
      "storageKey": "resizedUrl(format:\"WEBP\",width:320)"
    },
    {
      "alias": "w640",
      "args": [
        (v0/*:: as any*/),
        {
          "kind": "Literal",
          "name": "width",
          "value": 640
        }
      ],
      "kind": "ScalarField",
      "name": "resizedUrl",
      "storageKey": "resizedUrl(format:\"WEBP\",width:640)"
    },
    {
      "alias": "w960",
      "args": [
        (v0/*:: as any*/),
        {
          "kind": "Literal",
          "name": "width",
          "value": 960
        }
      ],
      "kind": "ScalarField",
      "name": "resizedUrl",
      "storageKey": "resizedUrl(format:\"WEBP\",width:960)"
    },
    {
      "alias": "w1280",
      "args": [
        (v0/*:: as any*/),
        {
          "kind": "Literal",
          "name": "width",
          "value": 1280
        }
      ],
      "kind": "ScalarField",
      "name": "resizedUrl",
      "storageKey": "resizedUrl(format:\"WEBP\",width:1280)"
    },
    {
      "alias": "w1920",
      "args": [
        (v0/*:: as any*/),
        {
          "kind": "Literal",
          "name": "width",
          "value": 1920
        }
      ],
      "kind": "ScalarField",
      "name": "resizedUrl",
      "storageKey": "resizedUrl(format:\"WEBP\",width:1920)"
    }
  ],
  "type": "Asset",
  "abstractKey": null
};
})();

(node as any).hash = "9e2d486ffb0a53c4db783270b502e9dd";

export default node;
