/**
 * @generated SignedSource<<3356b04d638ea45fb0618cdba0eaaa87>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type SiteFooter_site$data = {
  readonly description: string;
  readonly footer: ReadonlyArray<{
    readonly label: string;
    readonly url: string;
  }>;
  readonly title: string;
  readonly " $fragmentType": "SiteFooter_site";
};
export type SiteFooter_site$key = {
  readonly " $data"?: SiteFooter_site$data;
  readonly " $fragmentSpreads": FragmentRefs<"SiteFooter_site">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SiteFooter_site",
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
      "concreteType": "Link",
      "kind": "LinkedField",
      "name": "footer",
      "plural": true,
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
  "type": "Site",
  "abstractKey": null
};

(node as any).hash = "2ddc9d8f06039a212c4444a543fa1800";

export default node;
