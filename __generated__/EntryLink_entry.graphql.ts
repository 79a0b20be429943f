/**
 * @generated SignedSource<<ea4630a0696faf33fd7e718199bc7818>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type EntryLink_entry$data = {
  readonly __typename: "Article";
  readonly slug: string;
  readonly title: string;
  readonly " $fragmentType": "EntryLink_entry";
} | {
  readonly __typename: "Author";
  readonly name: string;
  readonly slug: string;
  readonly " $fragmentType": "EntryLink_entry";
} | {
  readonly __typename: "Page";
  readonly slug: string;
  readonly title: string;
  readonly " $fragmentType": "EntryLink_entry";
} | {
  readonly __typename: "Topic";
  readonly name: string;
  readonly slug: string;
  readonly " $fragmentType": "EntryLink_entry";
} | {
  // This will never be '%other', but we need some
  // value in case none of the concrete values match.
  readonly __typename: "%other";
  readonly " $fragmentType": "EntryLink_entry";
};
export type EntryLink_entry$key = {
  readonly " $data"?: EntryLink_entry$data;
  readonly " $fragmentSpreads": FragmentRefs<"EntryLink_entry">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "slug",
  "storageKey": null
},
v1 = [
  (v0/*:: as any*/),
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "title",
    "storageKey": null
  }
],
v2 = [
  (v0/*:: as any*/),
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "name",
    "storageKey": null
  }
];
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "EntryLink_entry",
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
      "selections": (v1/*:: as any*/),
      "type": "Article",
      "abstractKey": null
    },
    {
      "kind": "InlineFragment",
      "selections": (v2/*:: as any*/),
      "type": "Author",
      "abstractKey": null
    },
    {
      "kind": "InlineFragment",
      "selections": (v2/*:: as any*/),
      "type": "Topic",
      "abstractKey": null
    },
    {
      "kind": "InlineFragment",
      "selections": (v1/*:: as any*/),
      "type": "Page",
      "abstractKey": null
    }
  ],
  "type": "RichTextEntry",
  "abstractKey": "__isRichTextEntry"
};
})();

(node as any).hash = "c77dee21b5c11137caebd97f0875e6c3";

export default node;
