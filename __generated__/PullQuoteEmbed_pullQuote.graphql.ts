/**
 * @generated SignedSource<<b50947693573ee48574d0f3527234d72>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type PullQuoteEmbed_pullQuote$data = {
  readonly attribution: string | null | undefined;
  readonly quote: string;
  readonly " $fragmentType": "PullQuoteEmbed_pullQuote";
};
export type PullQuoteEmbed_pullQuote$key = {
  readonly " $data"?: PullQuoteEmbed_pullQuote$data;
  readonly " $fragmentSpreads": FragmentRefs<"PullQuoteEmbed_pullQuote">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "PullQuoteEmbed_pullQuote",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "quote",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "attribution",
      "storageKey": null
    }
  ],
  "type": "PullQuote",
  "abstractKey": null
};

(node as any).hash = "15530e48f7b88c68cb39b7ba4625e5ac";

export default node;
