/**
 * @generated SignedSource<<f59384bca94474f185e38316871d8b33>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type HelpfulVote_article$data = {
  readonly helpfulCount: number;
  readonly id: string;
  readonly notHelpfulCount: number;
  readonly " $fragmentType": "HelpfulVote_article";
};
export type HelpfulVote_article$key = {
  readonly " $data"?: HelpfulVote_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"HelpfulVote_article">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HelpfulVote_article",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "helpfulCount",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "notHelpfulCount",
      "storageKey": null
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "9a1b53cc2d788b415e884da7b7860b59";

export default node;
