/**
 * @generated SignedSource<<579ab062313d6f60d168f9157876dc93>>
 * @relayHash 59a01e502b20141aa42385bd9079d46c
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 99da8e4a5de6827264105ba5e17dc8245ddcac53dd77748d92c4272d288091d1

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type NewsletterSignupBlockTestQuery$variables = Record<PropertyKey, never>;
export type NewsletterSignupBlockTestQuery$data = {
  readonly page: {
    readonly blocks: ReadonlyArray<{
      readonly newsletter: {
        readonly " $fragmentSpreads": FragmentRefs<"NewsletterSignupBlock_block">;
      } | null | undefined;
    }>;
  } | null | undefined;
};
export type NewsletterSignupBlockTestQuery = {
  response: NewsletterSignupBlockTestQuery$data;
  variables: NewsletterSignupBlockTestQuery$variables;
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
  "name": "id",
  "storageKey": null
},
v2 = [
  (v1/*:: as any*/)
],
v3 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "String"
},
v4 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "ID"
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "NewsletterSignupBlockTestQuery",
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
              {
                "fragment": {
                  "kind": "InlineFragment",
                  "selections": [
                    {
                      "args": null,
                      "kind": "FragmentSpread",
                      "name": "NewsletterSignupBlock_block"
                    }
                  ],
                  "type": "NewsletterSignupBlock",
                  "abstractKey": null
                },
                "kind": "AliasedInlineFragmentSpread",
                "name": "newsletter"
              }
            ],
            "storageKey": null
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
    "name": "NewsletterSignupBlockTestQuery",
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
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "__typename",
                "storageKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "heading",
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
                    "name": "buttonLabel",
                    "storageKey": null
                  }
                ],
                "type": "NewsletterSignupBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v2/*:: as any*/),
                "type": "ArticleListBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v2/*:: as any*/),
                "type": "CalloutBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v2/*:: as any*/),
                "type": "FeaturedArticlesBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v2/*:: as any*/),
                "type": "HeroBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v2/*:: as any*/),
                "type": "ImageBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v2/*:: as any*/),
                "type": "NewsletterSignupBlock",
                "abstractKey": null
              },
              {
                "kind": "InlineFragment",
                "selections": (v2/*:: as any*/),
                "type": "RichTextBlock",
                "abstractKey": null
              }
            ],
            "storageKey": null
          },
          (v1/*:: as any*/)
        ],
        "storageKey": "page(slug:\"home\")"
      }
    ]
  },
  "params": {
    "id": "99da8e4a5de6827264105ba5e17dc8245ddcac53dd77748d92c4272d288091d1",
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
        "page.blocks.__typename": (v3/*:: as any*/),
        "page.blocks.buttonLabel": (v3/*:: as any*/),
        "page.blocks.description": (v3/*:: as any*/),
        "page.blocks.heading": (v3/*:: as any*/),
        "page.blocks.id": (v4/*:: as any*/),
        "page.id": (v4/*:: as any*/)
      }
    },
    "name": "NewsletterSignupBlockTestQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "041565221d766179253a757ebe69b55c";

export default node;
