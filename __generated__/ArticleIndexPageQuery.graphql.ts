/**
 * @generated SignedSource<<f74ab23574a2228ad48bf856a3b9f424>>
 * @relayHash 2c39639e1213ae71275f508660ad74dc
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID c25ebaab4321ba302a90e4f63bcfb26b15a68edab21b702a1a32afd957414ea0

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleIndexPageQuery$variables = Record<PropertyKey, never>;
export type ArticleIndexPageQuery$data = {
  readonly " $fragmentSpreads": FragmentRefs<"ArticleIndex_query">;
};
export type ArticleIndexPageQuery = {
  response: ArticleIndexPageQuery$data;
  variables: ArticleIndexPageQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "kind": "Literal",
    "name": "first",
    "value": 12
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "kind": "Literal",
  "name": "format",
  "value": "WEBP"
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "ArticleIndexPageQuery",
    "selections": [
      {
        "args": null,
        "kind": "FragmentSpread",
        "name": "ArticleIndex_query"
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "ArticleIndexPageQuery",
    "selections": [
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "concreteType": "ArticleConnection",
        "kind": "LinkedField",
        "name": "articles",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "totalCount",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "ArticleEdge",
            "kind": "LinkedField",
            "name": "edges",
            "plural": true,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "Article",
                "kind": "LinkedField",
                "name": "node",
                "plural": false,
                "selections": [
                  (v1/*:: as any*/),
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
                    "name": "summary",
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
                    "kind": "ScalarField",
                    "name": "readingTimeMinutes",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Asset",
                    "kind": "LinkedField",
                    "name": "heroImage",
                    "plural": false,
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
                          (v2/*:: as any*/),
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
                          (v2/*:: as any*/),
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
                          (v2/*:: as any*/),
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
                          (v2/*:: as any*/),
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
                          (v2/*:: as any*/),
                          {
                            "kind": "Literal",
                            "name": "width",
                            "value": 1920
                          }
                        ],
                        "kind": "ScalarField",
                        "name": "resizedUrl",
                        "storageKey": "resizedUrl(format:\"WEBP\",width:1920)"
                      },
                      (v1/*:: as any*/)
                    ],
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
                      (v3/*:: as any*/),
                      (v1/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Author",
                    "kind": "LinkedField",
                    "name": "authors",
                    "plural": true,
                    "selections": [
                      (v1/*:: as any*/),
                      (v3/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "__typename",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "cursor",
                "storageKey": null
              }
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "PageInfo",
            "kind": "LinkedField",
            "name": "pageInfo",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "endCursor",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "hasNextPage",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": "articles(first:12)"
      },
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "filters": null,
        "handle": "connection",
        "key": "ArticleIndex_articles",
        "kind": "LinkedHandle",
        "name": "articles"
      }
    ]
  },
  "params": {
    "id": "c25ebaab4321ba302a90e4f63bcfb26b15a68edab21b702a1a32afd957414ea0",
    "metadata": {},
    "name": "ArticleIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "eba50f2bab0abf4514bb58d03c6ea347";

export default node;
