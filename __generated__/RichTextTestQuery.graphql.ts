/**
 * @generated SignedSource<<50f8c4efa56f3599ea48bd0c1ca05ed2>>
 * @relayHash 01804db5a7267c856cc7ac807667d552
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 17855fb0a4d603b90bf2ba4180a66a79c19b43a96c8da6e7e535e42bf7eef2f6

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
  "name": "url",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "width",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "height",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "alt",
  "storageKey": null
},
v10 = {
  "kind": "Literal",
  "name": "format",
  "value": "WEBP"
},
v11 = {
  "alias": "w320",
  "args": [
    (v10/*:: as any*/),
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
v12 = {
  "alias": "w640",
  "args": [
    (v10/*:: as any*/),
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
v13 = {
  "alias": "w960",
  "args": [
    (v10/*:: as any*/),
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
v14 = {
  "alias": "w1280",
  "args": [
    (v10/*:: as any*/),
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
v15 = {
  "alias": "w1920",
  "args": [
    (v10/*:: as any*/),
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
v16 = [
  (v5/*:: as any*/),
  {
    "alias": "label",
    "args": null,
    "kind": "ScalarField",
    "name": "title",
    "storageKey": null
  }
],
v17 = {
  "kind": "InlineFragment",
  "selections": (v16/*:: as any*/),
  "type": "Article",
  "abstractKey": null
},
v18 = [
  (v5/*:: as any*/),
  {
    "alias": "label",
    "args": null,
    "kind": "ScalarField",
    "name": "name",
    "storageKey": null
  }
],
v19 = {
  "kind": "InlineFragment",
  "selections": (v18/*:: as any*/),
  "type": "Author",
  "abstractKey": null
},
v20 = {
  "kind": "InlineFragment",
  "selections": (v18/*:: as any*/),
  "type": "Topic",
  "abstractKey": null
},
v21 = {
  "kind": "InlineFragment",
  "selections": (v16/*:: as any*/),
  "type": "Page",
  "abstractKey": null
},
v22 = [
  (v1/*:: as any*/),
  (v3/*:: as any*/),
  (v4/*:: as any*/),
  (v17/*:: as any*/),
  (v19/*:: as any*/),
  (v20/*:: as any*/),
  (v21/*:: as any*/)
],
v23 = {
  "enumValues": null,
  "nullable": false,
  "plural": true,
  "type": "Asset"
},
v24 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "String"
},
v25 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "Int"
},
v26 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "ID"
},
v27 = {
  "enumValues": null,
  "nullable": false,
  "plural": true,
  "type": "RichTextEntry"
},
v28 = {
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
                                "concreteType": "Asset",
                                "kind": "LinkedField",
                                "name": "heroImage",
                                "plural": false,
                                "selections": [
                                  (v6/*:: as any*/),
                                  (v7/*:: as any*/),
                                  (v8/*:: as any*/),
                                  (v9/*:: as any*/),
                                  (v11/*:: as any*/),
                                  (v12/*:: as any*/),
                                  (v13/*:: as any*/),
                                  (v14/*:: as any*/),
                                  (v15/*:: as any*/),
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
                          (v17/*:: as any*/),
                          (v19/*:: as any*/),
                          (v20/*:: as any*/),
                          (v21/*:: as any*/)
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
                        "selections": (v22/*:: as any*/),
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": null,
                        "kind": "LinkedField",
                        "name": "hyperlink",
                        "plural": true,
                        "selections": (v22/*:: as any*/),
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
                          (v6/*:: as any*/),
                          (v7/*:: as any*/),
                          (v8/*:: as any*/),
                          (v9/*:: as any*/),
                          (v11/*:: as any*/),
                          (v12/*:: as any*/),
                          (v13/*:: as any*/),
                          (v14/*:: as any*/),
                          (v15/*:: as any*/)
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
                          (v6/*:: as any*/)
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
    "id": "17855fb0a4d603b90bf2ba4180a66a79c19b43a96c8da6e7e535e42bf7eef2f6",
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
        "article.body.links.assets.block": (v23/*:: as any*/),
        "article.body.links.assets.block.alt": (v24/*:: as any*/),
        "article.body.links.assets.block.height": (v25/*:: as any*/),
        "article.body.links.assets.block.id": (v26/*:: as any*/),
        "article.body.links.assets.block.url": (v24/*:: as any*/),
        "article.body.links.assets.block.w1280": (v24/*:: as any*/),
        "article.body.links.assets.block.w1920": (v24/*:: as any*/),
        "article.body.links.assets.block.w320": (v24/*:: as any*/),
        "article.body.links.assets.block.w640": (v24/*:: as any*/),
        "article.body.links.assets.block.w960": (v24/*:: as any*/),
        "article.body.links.assets.block.width": (v25/*:: as any*/),
        "article.body.links.assets.hyperlink": (v23/*:: as any*/),
        "article.body.links.assets.hyperlink.id": (v26/*:: as any*/),
        "article.body.links.assets.hyperlink.url": (v24/*:: as any*/),
        "article.body.links.entries": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichTextEntryLinks"
        },
        "article.body.links.entries.block": (v27/*:: as any*/),
        "article.body.links.entries.block.__isNode": (v24/*:: as any*/),
        "article.body.links.entries.block.__isRichTextEntry": (v24/*:: as any*/),
        "article.body.links.entries.block.__typename": (v24/*:: as any*/),
        "article.body.links.entries.block.attribution": (v28/*:: as any*/),
        "article.body.links.entries.block.caption": (v28/*:: as any*/),
        "article.body.links.entries.block.code": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage": {
          "enumValues": null,
          "nullable": true,
          "plural": false,
          "type": "Asset"
        },
        "article.body.links.entries.block.heroImage.alt": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage.height": (v25/*:: as any*/),
        "article.body.links.entries.block.heroImage.id": (v26/*:: as any*/),
        "article.body.links.entries.block.heroImage.url": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage.w1280": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage.w1920": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage.w320": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage.w640": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage.w960": (v24/*:: as any*/),
        "article.body.links.entries.block.heroImage.width": (v25/*:: as any*/),
        "article.body.links.entries.block.id": (v26/*:: as any*/),
        "article.body.links.entries.block.label": (v24/*:: as any*/),
        "article.body.links.entries.block.language": (v24/*:: as any*/),
        "article.body.links.entries.block.quote": (v24/*:: as any*/),
        "article.body.links.entries.block.slug": (v24/*:: as any*/),
        "article.body.links.entries.block.summary": (v24/*:: as any*/),
        "article.body.links.entries.block.title": (v24/*:: as any*/),
        "article.body.links.entries.hyperlink": (v27/*:: as any*/),
        "article.body.links.entries.hyperlink.__isNode": (v24/*:: as any*/),
        "article.body.links.entries.hyperlink.__isRichTextEntry": (v24/*:: as any*/),
        "article.body.links.entries.hyperlink.__typename": (v24/*:: as any*/),
        "article.body.links.entries.hyperlink.id": (v26/*:: as any*/),
        "article.body.links.entries.hyperlink.label": (v24/*:: as any*/),
        "article.body.links.entries.hyperlink.slug": (v24/*:: as any*/),
        "article.body.links.entries.inline": (v27/*:: as any*/),
        "article.body.links.entries.inline.__isNode": (v24/*:: as any*/),
        "article.body.links.entries.inline.__isRichTextEntry": (v24/*:: as any*/),
        "article.body.links.entries.inline.__typename": (v24/*:: as any*/),
        "article.body.links.entries.inline.id": (v26/*:: as any*/),
        "article.body.links.entries.inline.label": (v24/*:: as any*/),
        "article.body.links.entries.inline.slug": (v24/*:: as any*/),
        "article.id": (v26/*:: as any*/)
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
