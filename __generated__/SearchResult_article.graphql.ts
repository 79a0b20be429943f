/**
 * @generated SignedSource<<284ee30743ccd4f8bbad54268a53dae1>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type SearchResult_article$data = {
  readonly publishedAt: string | null | undefined;
  readonly slug: string;
  readonly title: string;
  readonly topics: ReadonlyArray<{
    readonly name: string;
  }>;
  readonly " $fragmentType": "SearchResult_article";
};
export type SearchResult_article$key = {
  readonly " $data"?: SearchResult_article$data;
  readonly " $fragmentSpreads": FragmentRefs<"SearchResult_article">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SearchResult_article",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "slug",
      "storageKey": null
    },
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
      "name": "publishedAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Topic",
      "kind": "LinkedField",
      "name": "topics",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "name",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Article",
  "abstractKey": null
};

(node as any).hash = "22771c394887f1851991a415f248fc02";

export default node;
