/**
 * @generated SignedSource<<50f8d45a90bd2ac45cbce892f9804522>>
 * @relayHash 92c6809ca643dc2facb5bceedec63ffe
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID be06a1b21def7a98cdbc9739b627b7a88f78f4a100c7833ddfa3b0a840898475

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
v6 = [
  (v4/*:: as any*/),
  (v5/*:: as any*/),
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "name",
    "storageKey": null
  }
],
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "url",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "width",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "height",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "alt",
  "storageKey": null
},
v11 = {
  "kind": "Literal",
  "name": "format",
  "value": "WEBP"
},
v12 = {
  "alias": "w320",
  "args": [
    (v11/*:: as any*/),
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
v13 = {
  "alias": "w640",
  "args": [
    (v11/*:: as any*/),
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
v14 = {
  "alias": "w960",
  "args": [
    (v11/*:: as any*/),
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
v15 = {
  "alias": "w1280",
  "args": [
    (v11/*:: as any*/),
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
v16 = {
  "alias": "w1920",
  "args": [
    (v11/*:: as any*/),
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
v17 = {
  "alias": null,
  "args": null,
  "concreteType": "Asset",
  "kind": "LinkedField",
  "name": "heroImage",
  "plural": false,
  "selections": [
    (v7/*:: as any*/),
    (v8/*:: as any*/),
    (v9/*:: as any*/),
    (v10/*:: as any*/),
    (v12/*:: as any*/),
    (v13/*:: as any*/),
    (v14/*:: as any*/),
    (v15/*:: as any*/),
    (v16/*:: as any*/),
    (v4/*:: as any*/)
  ],
  "storageKey": null
},
v18 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v19 = {
  "kind": "InlineFragment",
  "selections": [
    (v4/*:: as any*/)
  ],
  "type": "Node",
  "abstractKey": "__isNode"
},
v20 = {
  "kind": "TypeDiscriminator",
  "abstractKey": "__isRichTextEntry"
},
v21 = [
  (v5/*:: as any*/),
  {
    "alias": "label",
    "args": null,
    "kind": "ScalarField",
    "name": "title",
    "storageKey": null
  }
],
v22 = {
  "kind": "InlineFragment",
  "selections": (v21/*:: as any*/),
  "type": "Article",
  "abstractKey": null
},
v23 = [
  (v5/*:: as any*/),
  {
    "alias": "label",
    "args": null,
    "kind": "ScalarField",
    "name": "name",
    "storageKey": null
  }
],
v24 = {
  "kind": "InlineFragment",
  "selections": (v23/*:: as any*/),
  "type": "Author",
  "abstractKey": null
},
v25 = {
  "kind": "InlineFragment",
  "selections": (v23/*:: as any*/),
  "type": "Topic",
  "abstractKey": null
},
v26 = {
  "kind": "InlineFragment",
  "selections": (v21/*:: as any*/),
  "type": "Page",
  "abstractKey": null
},
v27 = [
  (v18/*:: as any*/),
  (v19/*:: as any*/),
  (v20/*:: as any*/),
  (v22/*:: as any*/),
  (v24/*:: as any*/),
  (v25/*:: as any*/),
  (v26/*:: as any*/)
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
            "selections": (v6/*:: as any*/),
            "storageKey": null
          },
          (v17/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "Author",
            "kind": "LinkedField",
            "name": "authors",
            "plural": true,
            "selections": (v6/*:: as any*/),
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
                          (v18/*:: as any*/),
                          (v19/*:: as any*/),
                          (v20/*:: as any*/),
                          {
                            "kind": "InlineFragment",
                            "selections": [
                              (v5/*:: as any*/),
                              (v2/*:: as any*/),
                              (v3/*:: as any*/),
                              (v17/*:: as any*/)
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
                          (v22/*:: as any*/),
                          (v24/*:: as any*/),
                          (v25/*:: as any*/),
                          (v26/*:: as any*/)
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
                        "selections": (v27/*:: as any*/),
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": null,
                        "kind": "LinkedField",
                        "name": "hyperlink",
                        "plural": true,
                        "selections": (v27/*:: as any*/),
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
                          (v7/*:: as any*/),
                          (v8/*:: as any*/),
                          (v9/*:: as any*/),
                          (v10/*:: as any*/),
                          (v12/*:: as any*/),
                          (v13/*:: as any*/),
                          (v14/*:: as any*/),
                          (v15/*:: as any*/),
                          (v16/*:: as any*/)
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
                          (v7/*:: as any*/)
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
    "id": "be06a1b21def7a98cdbc9739b627b7a88f78f4a100c7833ddfa3b0a840898475",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "13edd9ac852407d1226e53d336ccd340";

export default node;
