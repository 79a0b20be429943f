/**
 * @generated SignedSource<<9fe46198b900a42f8d444bb060520d22>>
 * @relayHash 34e07560f7c2f18f8a0385cf364050f2
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 40806f843868df2d3977e26f783833243e5910fa5ed8bf154d428aad92e3f892

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type RichTextTestQuery$variables = Record<PropertyKey, never>;
export type RichTextTestQuery$data = {
  readonly article: {
    readonly body: {
      readonly " $fragmentSpreads": FragmentRefs<"RichText_richText">;
    };
  } | null | undefined;
};
export type RichTextTestQuery = {
  response: RichTextTestQuery$data;
  variables: RichTextTestQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "kind": "Literal",
    "name": "slug",
    "value": "any"
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v3 = {
  "kind": "InlineFragment",
  "selections": [
    (v2/*:: as any*/)
  ],
  "type": "Node",
  "abstractKey": "__isNode"
},
v4 = {
  "kind": "TypeDiscriminator",
  "abstractKey": "__isRichTextEntry"
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
  "name": "title",
  "storageKey": null
},
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
v17 = [
  (v5/*:: as any*/),
  (v6/*:: as any*/)
],
v18 = {
  "kind": "InlineFragment",
  "selections": (v17/*:: as any*/),
  "type": "Article",
  "abstractKey": null
},
v19 = [
  (v5/*:: as any*/),
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "name",
    "storageKey": null
  }
],
v20 = {
  "kind": "InlineFragment",
  "selections": (v19/*:: as any*/),
  "type": "Author",
  "abstractKey": null
},
v21 = {
  "kind": "InlineFragment",
  "selections": (v19/*:: as any*/),
  "type": "Topic",
  "abstractKey": null
},
v22 = {
  "kind": "InlineFragment",
  "selections": (v17/*:: as any*/),
  "type": "Page",
  "abstractKey": null
},
v23 = [
  (v1/*:: as any*/),
  (v3/*:: as any*/),
  (v4/*:: as any*/),
  (v18/*:: as any*/),
  (v20/*:: as any*/),
  (v21/*:: as any*/),
  (v22/*:: as any*/)
],
v24 = {
  "enumValues": null,
  "nullable": false,
  "plural": true,
  "type": "Asset"
},
v25 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "String"
},
v26 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "Int"
},
v27 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "ID"
},
v28 = {
  "enumValues": null,
  "nullable": false,
  "plural": true,
  "type": "RichTextEntry"
},
v29 = {
  "enumValues": null,
  "nullable": true,
  "plural": false,
  "type": "String"
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "RichTextTestQuery",
    "selections": [
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "concreteType": "Article",
        "kind": "LinkedField",
        "name": "article",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "RichText",
            "kind": "LinkedField",
            "name": "body",
            "plural": false,
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "RichText_richText"
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": "article(slug:\"any\")"
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "RichTextTestQuery",
    "selections": [
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "concreteType": "Article",
        "kind": "LinkedField",
        "name": "article",
        "plural": false,
        "selections": [
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
                          (v1/*:: as any*/),
                          (v3/*:: as any*/),
                          (v4/*:: as any*/),
                          {
                            "kind": "InlineFragment",
                            "selections": [
                              (v5/*:: as any*/),
                              (v6/*:: as any*/),
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
                                  (v2/*:: as any*/)
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
                          (v18/*:: as any*/),
                          (v20/*:: as any*/),
                          (v21/*:: as any*/),
                          (v22/*:: as any*/)
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
                        "selections": (v23/*:: as any*/),
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": null,
                        "kind": "LinkedField",
                        "name": "hyperlink",
                        "plural": true,
                        "selections": (v23/*:: as any*/),
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
                          (v2/*:: as any*/),
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
                          (v2/*:: as any*/),
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
          (v2/*:: as any*/)
        ],
        "storageKey": "article(slug:\"any\")"
      }
    ]
  },
  "params": {
    "id": "40806f843868df2d3977e26f783833243e5910fa5ed8bf154d428aad92e3f892",
    "metadata": {
      "relayTestingSelectionTypeInfo": {
        "article": {
          "enumValues": null,
          "nullable": true,
          "plural": false,
          "type": "Article"
        },
        "article.body": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichText"
        },
        "article.body.json": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "JSON"
        },
        "article.body.links": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichTextLinks"
        },
        "article.body.links.assets": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichTextAssetLinks"
        },
        "article.body.links.assets.block": (v24/*:: as any*/),
        "article.body.links.assets.block.alt": (v25/*:: as any*/),
        "article.body.links.assets.block.height": (v26/*:: as any*/),
        "article.body.links.assets.block.id": (v27/*:: as any*/),
        "article.body.links.assets.block.url": (v25/*:: as any*/),
        "article.body.links.assets.block.w1280": (v25/*:: as any*/),
        "article.body.links.assets.block.w1920": (v25/*:: as any*/),
        "article.body.links.assets.block.w320": (v25/*:: as any*/),
        "article.body.links.assets.block.w640": (v25/*:: as any*/),
        "article.body.links.assets.block.w960": (v25/*:: as any*/),
        "article.body.links.assets.block.width": (v26/*:: as any*/),
        "article.body.links.assets.hyperlink": (v24/*:: as any*/),
        "article.body.links.assets.hyperlink.id": (v27/*:: as any*/),
        "article.body.links.assets.hyperlink.url": (v25/*:: as any*/),
        "article.body.links.entries": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichTextEntryLinks"
        },
        "article.body.links.entries.block": (v28/*:: as any*/),
        "article.body.links.entries.block.__isNode": (v25/*:: as any*/),
        "article.body.links.entries.block.__isRichTextEntry": (v25/*:: as any*/),
        "article.body.links.entries.block.__typename": (v25/*:: as any*/),
        "article.body.links.entries.block.attribution": (v29/*:: as any*/),
        "article.body.links.entries.block.caption": (v29/*:: as any*/),
        "article.body.links.entries.block.code": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage": {
          "enumValues": null,
          "nullable": true,
          "plural": false,
          "type": "Asset"
        },
        "article.body.links.entries.block.heroImage.alt": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.height": (v26/*:: as any*/),
        "article.body.links.entries.block.heroImage.id": (v27/*:: as any*/),
        "article.body.links.entries.block.heroImage.url": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.w1280": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.w1920": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.w320": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.w640": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.w960": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.width": (v26/*:: as any*/),
        "article.body.links.entries.block.id": (v27/*:: as any*/),
        "article.body.links.entries.block.language": (v25/*:: as any*/),
        "article.body.links.entries.block.name": (v25/*:: as any*/),
        "article.body.links.entries.block.quote": (v25/*:: as any*/),
        "article.body.links.entries.block.slug": (v25/*:: as any*/),
        "article.body.links.entries.block.summary": (v25/*:: as any*/),
        "article.body.links.entries.block.title": (v25/*:: as any*/),
        "article.body.links.entries.hyperlink": (v28/*:: as any*/),
        "article.body.links.entries.hyperlink.__isNode": (v25/*:: as any*/),
        "article.body.links.entries.hyperlink.__isRichTextEntry": (v25/*:: as any*/),
        "article.body.links.entries.hyperlink.__typename": (v25/*:: as any*/),
        "article.body.links.entries.hyperlink.id": (v27/*:: as any*/),
        "article.body.links.entries.hyperlink.name": (v25/*:: as any*/),
        "article.body.links.entries.hyperlink.slug": (v25/*:: as any*/),
        "article.body.links.entries.hyperlink.title": (v25/*:: as any*/),
        "article.body.links.entries.inline": (v28/*:: as any*/),
        "article.body.links.entries.inline.__isNode": (v25/*:: as any*/),
        "article.body.links.entries.inline.__isRichTextEntry": (v25/*:: as any*/),
        "article.body.links.entries.inline.__typename": (v25/*:: as any*/),
        "article.body.links.entries.inline.id": (v27/*:: as any*/),
        "article.body.links.entries.inline.name": (v25/*:: as any*/),
        "article.body.links.entries.inline.slug": (v25/*:: as any*/),
        "article.body.links.entries.inline.title": (v25/*:: as any*/),
        "article.id": (v27/*:: as any*/)
      }
    },
    "name": "RichTextTestQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "2bbc41b9f3c8f24506aed502e9fb7c04";

export default node;
