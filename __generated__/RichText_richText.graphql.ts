/**
 * @generated SignedSource<<ae7ce7755f00d2e967d098084972a3d8>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type RichText_richText$data = {
  readonly json: unknown;
  readonly links: {
    readonly assets: {
      readonly block: ReadonlyArray<{
        readonly id: string;
        readonly " $fragmentSpreads": FragmentRefs<"Image_asset">;
      }>;
      readonly hyperlink: ReadonlyArray<{
        readonly id: string;
        readonly url: string;
      }>;
    };
    readonly entries: {
      readonly block: ReadonlyArray<{
        readonly id?: string;
        readonly " $fragmentSpreads": FragmentRefs<"EmbeddedEntryBlock_entry">;
      }>;
      readonly hyperlink: ReadonlyArray<{
        readonly id?: string;
        readonly " $fragmentSpreads": FragmentRefs<"EntryLink_entry">;
      }>;
      readonly inline: ReadonlyArray<{
        readonly id?: string;
        readonly " $fragmentSpreads": FragmentRefs<"EntryLink_entry">;
      }>;
    };
  };
  readonly " $fragmentType": "RichText_richText";
};
export type RichText_richText$key = {
  readonly " $data"?: RichText_richText$data;
  readonly " $fragmentSpreads": FragmentRefs<"RichText_richText">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v1 = {
  "kind": "InlineFragment",
  "selections": [
    (v0/*:: as any*/)
  ],
  "type": "Node",
  "abstractKey": "__isNode"
},
v2 = [
  (v1/*:: as any*/),
  {
    "args": null,
    "kind": "FragmentSpread",
    "name": "EntryLink_entry"
  }
];
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RichText_richText",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "json",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "RichTextLinks",
      "kind": "LinkedField",
      "name": "links",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "RichTextEntryLinks",
          "kind": "LinkedField",
          "name": "entries",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": null,
              "kind": "LinkedField",
              "name": "block",
              "plural": true,
              "selections": [
                (v1/*:: as any*/),
                {
                  "args": null,
                  "kind": "FragmentSpread",
                  "name": "EmbeddedEntryBlock_entry"
                }
              ],
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "concreteType": null,
              "kind": "LinkedField",
              "name": "inline",
              "plural": true,
              "selections": (v2/*:: as any*/),
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "concreteType": null,
              "kind": "LinkedField",
              "name": "hyperlink",
              "plural": true,
              "selections": (v2/*:: as any*/),
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "RichTextAssetLinks",
          "kind": "LinkedField",
          "name": "assets",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "Asset",
              "kind": "LinkedField",
              "name": "block",
              "plural": true,
              "selections": [
                (v0/*:: as any*/),
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
              "concreteType": "Asset",
              "kind": "LinkedField",
              "name": "hyperlink",
              "plural": true,
              "selections": [
                (v0/*:: as any*/),
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
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "RichText",
  "abstractKey": null
};
})();

(node as any).hash = "693d5eb2f87ab433e777f67b9b36b1bd";

export default node;
