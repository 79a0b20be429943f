/**
 * @generated SignedSource<<d7a44b628762fbbf10340f337dfe42a5>>
 * @relayHash e6867a48297f947628f8cbeb2daeb494
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 30a2ff30cb9d70a8e0d316e2885a87e297845641041b256524933cbdd0c53312

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type HelpfulVoteTestQuery$variables = Record<PropertyKey, never>;
export type HelpfulVoteTestQuery$data = {
  readonly article: {
    readonly " $fragmentSpreads": FragmentRefs<"HelpfulVote_article">;
  } | null | undefined;
};
export type HelpfulVoteTestQuery = {
  response: HelpfulVoteTestQuery$data;
  variables: HelpfulVoteTestQuery$variables;
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
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "Int"
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "HelpfulVoteTestQuery",
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
            "args": null,
            "kind": "FragmentSpread",
            "name": "HelpfulVote_article"
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
    "name": "HelpfulVoteTestQuery",
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
            "kind": "ScalarField",
            "name": "id",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "helpfulCount",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "notHelpfulCount",
            "storageKey": null
          }
        ],
        "storageKey": "article(slug:\"any\")"
      }
    ]
  },
  "params": {
    "id": "30a2ff30cb9d70a8e0d316e2885a87e297845641041b256524933cbdd0c53312",
    "metadata": {
      "relayTestingSelectionTypeInfo": {
        "article": {
          "enumValues": null,
          "nullable": true,
          "plural": false,
          "type": "Article"
        },
        "article.helpfulCount": (v1/*:: as any*/),
        "article.id": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "ID"
        },
        "article.notHelpfulCount": (v1/*:: as any*/)
      }
    },
    "name": "HelpfulVoteTestQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "e1cb3378ea56d27b373418ac5724b985";

export default node;
