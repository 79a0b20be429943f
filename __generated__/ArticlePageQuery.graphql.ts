/**
 * @generated SignedSource<<3b7e3ff1f0a7ede0836545f9128a8ec2>>
 * @relayHash 0ec093f06e9982da3d230312d68112dc
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 00807c969732d264d5b57780b2186f3f740bb5e02161c1f800d0fb588c7c9198

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticlePageQuery$variables = {
  slug: string;
};
export type ArticlePageQuery$data = {
  readonly article: {
    readonly title: string;
    readonly " $fragmentSpreads": FragmentRefs<"ArticleBody_article" | "ArticleHeader_article">;
  } | null | undefined;
};
export type ArticlePageQuery = {
  response: ArticlePageQuery$data;
  variables: ArticlePageQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "slug"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "slug",
    "variableName": "slug"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "title",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "summary",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "slug",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v7 = [
  (v4/*:: as any*/),
  (v5/*:: as any*/),
  (v6/*:: as any*/)
],
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "url",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "width",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "height",
  "storageKey": null
},
v11 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "alt",
  "storageKey": null
},
v12 = {
  "kind": "Literal",
  "name": "format",
  "value": "WEBP"
},
v13 = {
  "alias": "w320",
  "args": [
    (v12/*:: as any*/),
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
v14 = {
  "alias": "w640",
  "args": [
    (v12/*:: as any*/),
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
v15 = {
  "alias": "w960",
  "args": [
    (v12/*:: as any*/),
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
v16 = {
  "alias": "w1280",
  "args": [
    (v12/*:: as any*/),
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
v17 = {
  "alias": "w1920",
  "args": [
    (v12/*:: as any*/),
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
v18 = {
  "alias": null,
  "args": null,
  "concreteType": "Asset",
  "kind": "LinkedField",
  "name": "heroImage",
  "plural": false,
  "selections": [
    (v8/*:: as any*/),
    (v9/*:: as any*/),
    (v10/*:: as any*/),
    (v11/*:: as any*/),
    (v13/*:: as any*/),
    (v14/*:: as any*/),
    (v15/*:: as any*/),
    (v16/*:: as any*/),
    (v17/*:: as any*/),
    (v4/*:: as any*/)
  ],
  "storageKey": null
},
v19 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v20 = {
  "kind": "InlineFragment",
  "selections": [
    (v4/*:: as any*/)
  ],
  "type": "Node",
  "abstractKey": "__isNode"
},
v21 = {
  "kind": "TypeDiscriminator",
  "abstractKey": "__isRichTextEntry"
},
v22 = [
  (v5/*:: as any*/),
  (v2/*:: as any*/)
],
v23 = {
  "kind": "InlineFragment",
  "selections": (v22/*:: as any*/),
  "type": "Article",
  "abstractKey": null
},
v24 = [
  (v5/*:: as any*/),
  (v6/*:: as any*/)
],
v25 = {
  "kind": "InlineFragment",
  "selections": (v24/*:: as any*/),
  "type": "Author",
  "abstractKey": null
},
v26 = {
  "kind": "InlineFragment",
  "selections": (v24/*:: as any*/),
  "type": "Topic",
  "abstractKey": null
},
v27 = {
  "kind": "InlineFragment",
  "selections": (v22/*:: as any*/),
  "type": "Page",
  "abstractKey": null
},
v28 = [
  (v19/*:: as any*/),
  (v20/*:: as any*/),
  (v21/*:: as any*/),
  (v23/*:: as any*/),
  (v25/*:: as any*/),
  (v26/*:: as any*/),
  (v27/*:: as any*/)
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "ArticlePageQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Article",
        "kind": "LinkedField",
        "name": "article",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleHeader_article"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleBody_article"
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ArticlePageQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Article",
        "kind": "LinkedField",
        "name": "article",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "Topic",
            "kind": "LinkedField",
            "name": "topics",
            "plural": true,
            "selections": (v7/*:: as any*/),
            "storageKey": null
          },
          (v18/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "Author",
            "kind": "LinkedField",
            "name": "authors",
            "plural": true,
            "selections": (v7/*:: as any*/),
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
            "concreteType": "RichText",
            "kind": "LinkedField",
            "name": "body",
            "plural": false,
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
                          (v19/*:: as any*/),
                          (v20/*:: as any*/),
                          (v21/*:: as any*/),
                          {
                            "kind": "InlineFragment",
                            "selections": [
                              (v5/*:: as any*/),
                              (v2/*:: as any*/),
                              (v3/*:: as any*/),
                              (v18/*:: as any*/)
                            ],
                            "type": "Article",
                            "abstractKey": null
                          },
                          {
                            "kind": "InlineFragment",
                            "selections": [
                              {
                                "alias": null,
                                "args": null,
                                "kind": "ScalarField",
                                "name": "language",
                                "storageKey": null
                              },
                              {
                                "alias": null,
                                "args": null,
                                "kind": "ScalarField",
                                "name": "code",
                                "storageKey": null
                              },
                              {
                                "alias": null,
                                "args": null,
                                "kind": "ScalarField",
                                "name": "caption",
                                "storageKey": null
                              }
                            ],
                            "type": "CodeBlock",
                            "abstractKey": null
                          },
                          {
                            "kind": "InlineFragment",
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
                          },
                          (v23/*:: as any*/),
                          (v25/*:: as any*/),
                          (v26/*:: as any*/),
                          (v27/*:: as any*/)
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
                        "selections": (v28/*:: as any*/),
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": null,
                        "kind": "LinkedField",
                        "name": "hyperlink",
                        "plural": true,
                        "selections": (v28/*:: as any*/),
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
                          (v4/*:: as any*/),
                          (v8/*:: as any*/),
                          (v9/*:: as any*/),
                          (v10/*:: as any*/),
                          (v11/*:: as any*/),
                          (v13/*:: as any*/),
                          (v14/*:: as any*/),
                          (v15/*:: as any*/),
                          (v16/*:: as any*/),
                          (v17/*:: as any*/)
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
                          (v4/*:: as any*/),
                          (v8/*:: as any*/)
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
            "storageKey": null
          },
          (v4/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "00807c969732d264d5b57780b2186f3f740bb5e02161c1f800d0fb588c7c9198",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "13edd9ac852407d1226e53d336ccd340";

export default node;
