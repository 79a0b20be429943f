/**
 * @generated SignedSource<<8fb86d444c822590a83d018cb818c033>>
 * @relayHash eed705215703747807c780bcb0356d23
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f23a81ae0479fb0e2114a9e6c1d1a83a999d0d0f19e0a9080d3a91c5dd8c3d74

import type { ConcreteRequest } from 'relay-runtime';
export type TopicIndexPageQuery$variables = Record<PropertyKey, never>;
export type TopicIndexPageQuery$data = {
  readonly topics: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly articleCount: number;
        readonly description: string;
        readonly id: string;
        readonly name: string;
        readonly slug: string;
      };
    }>;
  };
};
export type TopicIndexPageQuery = {
  response: TopicIndexPageQuery$data;
  variables: TopicIndexPageQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Literal",
        "name": "first",
        "value": 50
      }
    ],
    "concreteType": "TopicConnection",
    "kind": "LinkedField",
    "name": "topics",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "TopicEdge",
        "kind": "LinkedField",
        "name": "edges",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "Topic",
            "kind": "LinkedField",
            "name": "node",
            "plural": false,
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
                "name": "slug",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "name",
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
                "kind": "ScalarField",
                "name": "articleCount",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": "topics(first:50)"
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "TopicIndexPageQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "TopicIndexPageQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "id": "f23a81ae0479fb0e2114a9e6c1d1a83a999d0d0f19e0a9080d3a91c5dd8c3d74",
    "metadata": {},
    "name": "TopicIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "8e25d7fc96439f96cff320e227317852";

export default node;
