/**
 * @generated SignedSource<<06efe00951eea664ff72b56d383820ad>>
 * @relayHash 7882cc85c2070446411c2470fa41a71b
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID cee2e02ee451d7a845dd9d978192fad7e495641f78e1397a4545d1fa193f86f7

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ArticleLiveSubscription$variables = {
  locale?: string | null | undefined;
  slug: string;
};
export type ArticleLiveSubscription$data = {
  readonly article: {
    readonly seo: {
      readonly " $fragmentSpreads": FragmentRefs<"SeoHead_seo">;
    };
    readonly " $fragmentSpreads": FragmentRefs<"ArticleBody_article" | "ArticleHeader_article" | "ArticleStructuredData_article">;
  } | null | undefined;
};
export type ArticleLiveSubscription = {
  response: ArticleLiveSubscription$data;
  variables: ArticleLiveSubscription$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "locale"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "slug"
},
v2 = [
  {
    "kind": "Variable",
    "name": "locale",
    "variableName": "locale"
  },
  {
    "kind": "Variable",
    "name": "slug",
    "variableName": "slug"
  }
],
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "title",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "summary",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "slug",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v8 = [
  (v5/*:: as any*/),
  (v6/*:: as any*/),
  (v7/*:: as any*/)
],
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "url",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "width",
  "storageKey": null
},
v11 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "height",
  "storageKey": null
},
v12 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "alt",
  "storageKey": null
},
v13 = {
  "kind": "Literal",
  "name": "format",
  "value": "WEBP"
},
v14 = {
  "alias": "w320",
  "args": [
    (v13/*:: as any*/),
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
v15 = {
  "alias": "w640",
  "args": [
    (v13/*:: as any*/),
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
v16 = {
  "alias": "w960",
  "args": [
    (v13/*:: as any*/),
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
v17 = {
  "kind": "Literal",
  "name": "width",
  "value": 1280
},
v18 = {
  "alias": "w1280",
  "args": [
    (v13/*:: as any*/),
    (v17/*:: as any*/)
  ],
  "kind": "ScalarField",
  "name": "resizedUrl",
  "storageKey": "resizedUrl(format:\"WEBP\",width:1280)"
},
v19 = {
  "alias": "w1920",
  "args": [
    (v13/*:: as any*/),
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
v20 = [
  {
    "kind": "Literal",
    "name": "format",
    "value": "JPEG"
  },
  (v17/*:: as any*/)
],
v21 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v22 = {
  "kind": "InlineFragment",
  "selections": [
    (v5/*:: as any*/)
  ],
  "type": "Node",
  "abstractKey": "__isNode"
},
v23 = {
  "kind": "TypeDiscriminator",
  "abstractKey": "__isRichTextEntry"
},
v24 = [
  (v6/*:: as any*/),
  (v3/*:: as any*/)
],
v25 = {
  "kind": "InlineFragment",
  "selections": (v24/*:: as any*/),
  "type": "Article",
  "abstractKey": null
},
v26 = [
  (v6/*:: as any*/),
  (v7/*:: as any*/)
],
v27 = {
  "kind": "InlineFragment",
  "selections": (v26/*:: as any*/),
  "type": "Author",
  "abstractKey": null
},
v28 = {
  "kind": "InlineFragment",
  "selections": (v26/*:: as any*/),
  "type": "Topic",
  "abstractKey": null
},
v29 = {
  "kind": "InlineFragment",
  "selections": (v24/*:: as any*/),
  "type": "Page",
  "abstractKey": null
},
v30 = [
  (v21/*:: as any*/),
  (v22/*:: as any*/),
  (v23/*:: as any*/),
  (v25/*:: as any*/),
  (v27/*:: as any*/),
  (v28/*:: as any*/),
  (v29/*:: as any*/)
];
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "ArticleLiveSubscription",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": "Article",
        "kind": "LinkedField",
        "name": "article",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleHeader_article"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleBody_article"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleStructuredData_article"
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Seo",
            "kind": "LinkedField",
            "name": "seo",
            "plural": false,
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "SeoHead_seo"
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Subscription",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "ArticleLiveSubscription",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": "Article",
        "kind": "LinkedField",
        "name": "article",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          (v4/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "Topic",
            "kind": "LinkedField",
            "name": "topics",
            "plural": true,
            "selections": (v8/*:: as any*/),
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
              (v9/*:: as any*/),
              (v10/*:: as any*/),
              (v11/*:: as any*/),
              (v12/*:: as any*/),
              (v14/*:: as any*/),
              (v15/*:: as any*/),
              (v16/*:: as any*/),
              (v18/*:: as any*/),
              (v19/*:: as any*/),
              (v5/*:: as any*/),
              {
                "alias": "large",
                "args": (v20/*:: as any*/),
                "kind": "ScalarField",
                "name": "resizedUrl",
                "storageKey": "resizedUrl(format:\"JPEG\",width:1280)"
              }
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
            "selections": (v8/*:: as any*/),
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
                          (v21/*:: as any*/),
                          (v22/*:: as any*/),
                          (v23/*:: as any*/),
                          {
                            "kind": "InlineFragment",
                            "selections": [
                              (v6/*:: as any*/),
                              (v3/*:: as any*/),
                              (v4/*:: as any*/),
                              {
                                "alias": null,
                                "args": null,
                                "concreteType": "Asset",
                                "kind": "LinkedField",
                                "name": "heroImage",
                                "plural": false,
                                "selections": [
                                  (v9/*:: as any*/),
                                  (v10/*:: as any*/),
                                  (v11/*:: as any*/),
                                  (v12/*:: as any*/),
                                  (v14/*:: as any*/),
                                  (v15/*:: as any*/),
                                  (v16/*:: as any*/),
                                  (v18/*:: as any*/),
                                  (v19/*:: as any*/),
                                  (v5/*:: as any*/)
                                ],
                                "storageKey": null
                              }
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
                          (v25/*:: as any*/),
                          (v27/*:: as any*/),
                          (v28/*:: as any*/),
                          (v29/*:: as any*/)
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
                        "selections": (v30/*:: as any*/),
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": null,
                        "kind": "LinkedField",
                        "name": "hyperlink",
                        "plural": true,
                        "selections": (v30/*:: as any*/),
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
                          (v5/*:: as any*/),
                          (v9/*:: as any*/),
                          (v10/*:: as any*/),
                          (v11/*:: as any*/),
                          (v12/*:: as any*/),
                          (v14/*:: as any*/),
                          (v15/*:: as any*/),
                          (v16/*:: as any*/),
                          (v18/*:: as any*/),
                          (v19/*:: as any*/)
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
                          (v5/*:: as any*/),
                          (v9/*:: as any*/)
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
          (v6/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "updatedAt",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Seo",
            "kind": "LinkedField",
            "name": "seo",
            "plural": false,
            "selections": [
              (v3/*:: as any*/),
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
                "concreteType": "Asset",
                "kind": "LinkedField",
                "name": "image",
                "plural": false,
                "selections": [
                  {
                    "alias": "socialUrl",
                    "args": (v20/*:: as any*/),
                    "kind": "ScalarField",
                    "name": "resizedUrl",
                    "storageKey": "resizedUrl(format:\"JPEG\",width:1280)"
                  },
                  (v5/*:: as any*/)
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          },
          (v5/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "cee2e02ee451d7a845dd9d978192fad7e495641f78e1397a4545d1fa193f86f7",
    "metadata": {},
    "name": "ArticleLiveSubscription",
    "operationKind": "subscription",
    "text": null
  }
};
})();

(node as any).hash = "dc6aac7859f31b400ed8a37ef72286e8";

export default node;
