/**
 * @generated SignedSource<<e02a274c70297ac1163c7d6a5585f8ae>>
 * @relayHash 0bc84a510e4019e016c44971a4d60896
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 220802dc0efcbe2327a7795641f3b240b7be4b6b686ddd83250e83b430759ed9

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type PageBlockListTestQuery$variables = Record<PropertyKey, never>;
export type PageBlockListTestQuery$data = {
  readonly page: {
    readonly " $fragmentSpreads": FragmentRefs<"PageBlockList_page">;
  } | null | undefined;
};
export type PageBlockListTestQuery = {
  response: PageBlockListTestQuery$data;
  variables: PageBlockListTestQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "kind": "Literal",
    "name": "slug",
    "value": "home"
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
  "name": "heading",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "url",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "width",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "height",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "alt",
  "storageKey": null
},
v7 = {
  "kind": "Literal",
  "name": "format",
  "value": "WEBP"
},
v8 = {
  "alias": "w320",
  "args": [
    (v7/*:: as any*/),
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
v9 = {
  "alias": "w640",
  "args": [
    (v7/*:: as any*/),
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
v10 = {
  "alias": "w960",
  "args": [
    (v7/*:: as any*/),
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
v11 = {
  "alias": "w1280",
  "args": [
    (v7/*:: as any*/),
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
v12 = {
  "alias": "w1920",
  "args": [
    (v7/*:: as any*/),
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
v13 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v14 = [
  (v3/*:: as any*/),
  (v4/*:: as any*/),
  (v5/*:: as any*/),
  (v6/*:: as any*/),
  (v8/*:: as any*/),
  (v9/*:: as any*/),
  (v10/*:: as any*/),
  (v11/*:: as any*/),
  (v12/*:: as any*/),
  (v13/*:: as any*/)
],
v15 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "label",
    "storageKey": null
  },
  (v3/*:: as any*/)
],
v16 = [
  (v13/*:: as any*/)
],
v17 = {
  "kind": "InlineFragment",
  "selections": (v16/*:: as any*/),
  "type": "Node",
  "abstractKey": "__isNode"
},
v18 = {
  "kind": "TypeDiscriminator",
  "abstractKey": "__isRichTextEntry"
},
v19 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "slug",
  "storageKey": null
},
v20 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "title",
  "storageKey": null
},
v21 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "summary",
  "storageKey": null
},
v22 = {
  "alias": null,
  "args": null,
  "concreteType": "Asset",
  "kind": "LinkedField",
  "name": "heroImage",
  "plural": false,
  "selections": (v14/*:: as any*/),
  "storageKey": null
},
v23 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "caption",
  "storageKey": null
},
v24 = [
  (v19/*:: as any*/),
  (v20/*:: as any*/)
],
v25 = {
  "kind": "InlineFragment",
  "selections": (v24/*:: as any*/),
  "type": "Article",
  "abstractKey": null
},
v26 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v27 = [
  (v19/*:: as any*/),
  (v26/*:: as any*/)
],
v28 = {
  "kind": "InlineFragment",
  "selections": (v27/*:: as any*/),
  "type": "Author",
  "abstractKey": null
},
v29 = {
  "kind": "InlineFragment",
  "selections": (v27/*:: as any*/),
  "type": "Topic",
  "abstractKey": null
},
v30 = {
  "kind": "InlineFragment",
  "selections": (v24/*:: as any*/),
  "type": "Page",
  "abstractKey": null
},
v31 = [
  (v1/*:: as any*/),
  (v17/*:: as any*/),
  (v18/*:: as any*/),
  (v25/*:: as any*/),
  (v28/*:: as any*/),
  (v29/*:: as any*/),
  (v30/*:: as any*/)
],
v32 = [
  (v26/*:: as any*/),
  (v13/*:: as any*/)
],
v33 = {
  "alias": null,
  "args": null,
  "concreteType": "Article",
  "kind": "LinkedField",
  "name": "articles",
  "plural": true,
  "selections": [
    (v13/*:: as any*/),
    (v19/*:: as any*/),
    (v20/*:: as any*/),
    (v21/*:: as any*/),
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
    (v22/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "concreteType": "Topic",
      "kind": "LinkedField",
      "name": "topics",
      "plural": true,
      "selections": (v32/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Author",
      "kind": "LinkedField",
      "name": "authors",
      "plural": true,
      "selections": (v32/*:: as any*/),
      "storageKey": null
    }
  ],
  "storageKey": null
},
v34 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "String"
},
v35 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "ID"
},
v36 = {
  "enumValues": null,
  "nullable": true,
  "plural": false,
  "type": "Asset"
},
v37 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "Int"
},
v38 = {
  "enumValues": null,
  "nullable": true,
  "plural": false,
  "type": "Link"
},
v39 = {
  "enumValues": null,
  "nullable": true,
  "plural": false,
  "type": "String"
},
v40 = {
  "enumValues": null,
  "nullable": false,
  "plural": true,
  "type": "Asset"
},
v41 = {
  "enumValues": null,
  "nullable": false,
  "plural": true,
  "type": "RichTextEntry"
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "PageBlockListTestQuery",
    "selections": [
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "concreteType": "Page",
        "kind": "LinkedField",
        "name": "page",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "PageBlockList_page"
          }
        ],
        "storageKey": "page(slug:\"home\")"
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "PageBlockListTestQuery",
    "selections": [
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "concreteType": "Page",
        "kind": "LinkedField",
        "name": "page",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": null,
            "kind": "LinkedField",
            "name": "blocks",
            "plural": true,
            "selections": [
              (v1/*:: as any*/),
              {
                "kind": "InlineFragment",
                "selections": [
                  (v2/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "subheading",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Asset",
                    "kind": "LinkedField",
                    "name": "image",
                    "plural": false,
                    "selections": (v14/*:: as any*/),
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Link",
                    "kind": "LinkedField",
                    "name": "callToAction",
                    "plural": false,
                    "selections": (v15/*:: as any*/),
                    "storageKey": null
                  }
                ],
                "type": "HeroBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": [
                  {
                    "alias": "richText",
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
                                  (v17/*:: as any*/),
                                  (v18/*:: as any*/),
                                  {
                                    "kind": "InlineFragment",
                                    "selections": [
                                      (v19/*:: as any*/),
                                      (v20/*:: as any*/),
                                      (v21/*:: as any*/),
                                      (v22/*:: as any*/)
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
                                      (v23/*:: as any*/)
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
                                  (v28/*:: as any*/),
                                  (v29/*:: as any*/),
                                  (v30/*:: as any*/)
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
                                "selections": (v31/*:: as any*/),
                                "storageKey": null
                              },
                              {
                                "alias": null,
                                "args": null,
                                "concreteType": null,
                                "kind": "LinkedField",
                                "name": "hyperlink",
                                "plural": true,
                                "selections": (v31/*:: as any*/),
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
                                  (v13/*:: as any*/),
                                  (v3/*:: as any*/),
                                  (v4/*:: as any*/),
                                  (v5/*:: as any*/),
                                  (v6/*:: as any*/),
                                  (v8/*:: as any*/),
                                  (v9/*:: as any*/),
                                  (v10/*:: as any*/),
                                  (v11/*:: as any*/),
                                  (v12/*:: as any*/)
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
                                  (v13/*:: as any*/),
                                  (v3/*:: as any*/)
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
                  }
                ],
                "type": "RichTextBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": [
                  (v2/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "mode",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Topic",
                    "kind": "LinkedField",
                    "name": "topic",
                    "plural": false,
                    "selections": [
                      (v19/*:: as any*/),
                      (v26/*:: as any*/),
                      (v13/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v33/*:: as any*/)
                ],
                "type": "ArticleListBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": [
                  (v2/*:: as any*/),
                  (v33/*:: as any*/)
                ],
                "type": "FeaturedArticlesBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": [
                  (v2/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "body",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "tone",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Link",
                    "kind": "LinkedField",
                    "name": "link",
                    "plural": false,
                    "selections": (v15/*:: as any*/),
                    "storageKey": null
                  }
                ],
                "type": "CalloutBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": [
                  {
                    "alias": "picture",
                    "args": null,
                    "concreteType": "Asset",
                    "kind": "LinkedField",
                    "name": "image",
                    "plural": false,
                    "selections": (v14/*:: as any*/),
                    "storageKey": null
                  },
                  (v23/*:: as any*/)
                ],
                "type": "ImageBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": [
                  (v2/*:: as any*/),
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
                    "name": "buttonLabel",
                    "storageKey": null
                  }
                ],
                "type": "NewsletterSignupBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v16/*:: as any*/),
                "type": "ArticleListBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v16/*:: as any*/),
                "type": "CalloutBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v16/*:: as any*/),
                "type": "FeaturedArticlesBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v16/*:: as any*/),
                "type": "HeroBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v16/*:: as any*/),
                "type": "ImageBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v16/*:: as any*/),
                "type": "NewsletterSignupBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v16/*:: as any*/),
                "type": "RichTextBlock",
                "abstractKey": null
              }
            ],
            "storageKey": null
          },
          (v13/*:: as any*/)
        ],
        "storageKey": "page(slug:\"home\")"
      }
    ]
  },
  "params": {
    "id": "220802dc0efcbe2327a7795641f3b240b7be4b6b686ddd83250e83b430759ed9",
    "metadata": {
      "relayTestingSelectionTypeInfo": {
        "page": {
          "enumValues": null,
          "nullable": true,
          "plural": false,
          "type": "Page"
        },
        "page.blocks": {
          "enumValues": null,
          "nullable": false,
          "plural": true,
          "type": "PageBlock"
        },
        "page.blocks.__typename": (v34/*:: as any*/),
        "page.blocks.articles": {
          "enumValues": null,
          "nullable": true,
          "plural": true,
          "type": "Article"
        },
        "page.blocks.articles.authors": {
          "enumValues": null,
          "nullable": false,
          "plural": true,
          "type": "Author"
        },
        "page.blocks.articles.authors.id": (v35/*:: as any*/),
        "page.blocks.articles.authors.name": (v34/*:: as any*/),
        "page.blocks.articles.heroImage": (v36/*:: as any*/),
        "page.blocks.articles.heroImage.alt": (v34/*:: as any*/),
        "page.blocks.articles.heroImage.height": (v37/*:: as any*/),
        "page.blocks.articles.heroImage.id": (v35/*:: as any*/),
        "page.blocks.articles.heroImage.url": (v34/*:: as any*/),
        "page.blocks.articles.heroImage.w1280": (v34/*:: as any*/),
        "page.blocks.articles.heroImage.w1920": (v34/*:: as any*/),
        "page.blocks.articles.heroImage.w320": (v34/*:: as any*/),
        "page.blocks.articles.heroImage.w640": (v34/*:: as any*/),
        "page.blocks.articles.heroImage.w960": (v34/*:: as any*/),
        "page.blocks.articles.heroImage.width": (v37/*:: as any*/),
        "page.blocks.articles.id": (v35/*:: as any*/),
        "page.blocks.articles.publishedAt": {
          "enumValues": null,
          "nullable": true,
          "plural": false,
          "type": "DateTime"
        },
        "page.blocks.articles.readingTimeMinutes": (v37/*:: as any*/),
        "page.blocks.articles.slug": (v34/*:: as any*/),
        "page.blocks.articles.summary": (v34/*:: as any*/),
        "page.blocks.articles.title": (v34/*:: as any*/),
        "page.blocks.articles.topics": {
          "enumValues": null,
          "nullable": false,
          "plural": true,
          "type": "Topic"
        },
        "page.blocks.articles.topics.id": (v35/*:: as any*/),
        "page.blocks.articles.topics.name": (v34/*:: as any*/),
        "page.blocks.body": (v34/*:: as any*/),
        "page.blocks.buttonLabel": (v34/*:: as any*/),
        "page.blocks.callToAction": (v38/*:: as any*/),
        "page.blocks.callToAction.label": (v34/*:: as any*/),
        "page.blocks.callToAction.url": (v34/*:: as any*/),
        "page.blocks.caption": (v39/*:: as any*/),
        "page.blocks.description": (v34/*:: as any*/),
        "page.blocks.heading": (v34/*:: as any*/),
        "page.blocks.id": (v35/*:: as any*/),
        "page.blocks.image": (v36/*:: as any*/),
        "page.blocks.image.alt": (v34/*:: as any*/),
        "page.blocks.image.height": (v37/*:: as any*/),
        "page.blocks.image.id": (v35/*:: as any*/),
        "page.blocks.image.url": (v34/*:: as any*/),
        "page.blocks.image.w1280": (v34/*:: as any*/),
        "page.blocks.image.w1920": (v34/*:: as any*/),
        "page.blocks.image.w320": (v34/*:: as any*/),
        "page.blocks.image.w640": (v34/*:: as any*/),
        "page.blocks.image.w960": (v34/*:: as any*/),
        "page.blocks.image.width": (v37/*:: as any*/),
        "page.blocks.link": (v38/*:: as any*/),
        "page.blocks.link.label": (v34/*:: as any*/),
        "page.blocks.link.url": (v34/*:: as any*/),
        "page.blocks.mode": {
          "enumValues": [
            "LATEST",
            "BY_TOPIC"
          ],
          "nullable": false,
          "plural": false,
          "type": "ArticleListMode"
        },
        "page.blocks.picture": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "Asset"
        },
        "page.blocks.picture.alt": (v34/*:: as any*/),
        "page.blocks.picture.height": (v37/*:: as any*/),
        "page.blocks.picture.id": (v35/*:: as any*/),
        "page.blocks.picture.url": (v34/*:: as any*/),
        "page.blocks.picture.w1280": (v34/*:: as any*/),
        "page.blocks.picture.w1920": (v34/*:: as any*/),
        "page.blocks.picture.w320": (v34/*:: as any*/),
        "page.blocks.picture.w640": (v34/*:: as any*/),
        "page.blocks.picture.w960": (v34/*:: as any*/),
        "page.blocks.picture.width": (v37/*:: as any*/),
        "page.blocks.richText": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichText"
        },
        "page.blocks.richText.json": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "JSON"
        },
        "page.blocks.richText.links": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichTextLinks"
        },
        "page.blocks.richText.links.assets": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichTextAssetLinks"
        },
        "page.blocks.richText.links.assets.block": (v40/*:: as any*/),
        "page.blocks.richText.links.assets.block.alt": (v34/*:: as any*/),
        "page.blocks.richText.links.assets.block.height": (v37/*:: as any*/),
        "page.blocks.richText.links.assets.block.id": (v35/*:: as any*/),
        "page.blocks.richText.links.assets.block.url": (v34/*:: as any*/),
        "page.blocks.richText.links.assets.block.w1280": (v34/*:: as any*/),
        "page.blocks.richText.links.assets.block.w1920": (v34/*:: as any*/),
        "page.blocks.richText.links.assets.block.w320": (v34/*:: as any*/),
        "page.blocks.richText.links.assets.block.w640": (v34/*:: as any*/),
        "page.blocks.richText.links.assets.block.w960": (v34/*:: as any*/),
        "page.blocks.richText.links.assets.block.width": (v37/*:: as any*/),
        "page.blocks.richText.links.assets.hyperlink": (v40/*:: as any*/),
        "page.blocks.richText.links.assets.hyperlink.id": (v35/*:: as any*/),
        "page.blocks.richText.links.assets.hyperlink.url": (v34/*:: as any*/),
        "page.blocks.richText.links.entries": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "RichTextEntryLinks"
        },
        "page.blocks.richText.links.entries.block": (v41/*:: as any*/),
        "page.blocks.richText.links.entries.block.__isNode": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.__isRichTextEntry": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.__typename": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.attribution": (v39/*:: as any*/),
        "page.blocks.richText.links.entries.block.caption": (v39/*:: as any*/),
        "page.blocks.richText.links.entries.block.code": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage": (v36/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.alt": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.height": (v37/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.id": (v35/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.url": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.w1280": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.w1920": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.w320": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.w640": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.w960": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.heroImage.width": (v37/*:: as any*/),
        "page.blocks.richText.links.entries.block.id": (v35/*:: as any*/),
        "page.blocks.richText.links.entries.block.language": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.name": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.quote": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.slug": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.summary": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.block.title": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink": (v41/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink.__isNode": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink.__isRichTextEntry": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink.__typename": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink.id": (v35/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink.name": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink.slug": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.hyperlink.title": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.inline": (v41/*:: as any*/),
        "page.blocks.richText.links.entries.inline.__isNode": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.inline.__isRichTextEntry": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.inline.__typename": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.inline.id": (v35/*:: as any*/),
        "page.blocks.richText.links.entries.inline.name": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.inline.slug": (v34/*:: as any*/),
        "page.blocks.richText.links.entries.inline.title": (v34/*:: as any*/),
        "page.blocks.subheading": (v39/*:: as any*/),
        "page.blocks.tone": {
          "enumValues": [
            "INFO",
            "SUCCESS",
            "WARNING"
          ],
          "nullable": false,
          "plural": false,
          "type": "CalloutTone"
        },
        "page.blocks.topic": {
          "enumValues": null,
          "nullable": true,
          "plural": false,
          "type": "Topic"
        },
        "page.blocks.topic.id": (v35/*:: as any*/),
        "page.blocks.topic.name": (v34/*:: as any*/),
        "page.blocks.topic.slug": (v34/*:: as any*/),
        "page.id": (v35/*:: as any*/)
      }
    },
    "name": "PageBlockListTestQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "ef36eef5eb7b07ca06dfc2c4b44ca5dc";

export default node;
