/**
 * @generated SignedSource<<ee74f0e4764e5423a031f716918ffba1>>
 * @relayHash 4486651a52b34b55e48a05e4cee7099d
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID c8b060bfd1707160e6fd601c7d7dc6e63a6095c9e4f5550b9a38eade067a606e

import type { ConcreteRequest } from 'relay-runtime';
export type HelpfulVoteMutation$variables = {
  articleId: string;
  helpful: boolean;
};
export type HelpfulVoteMutation$data = {
  readonly rateArticle: {
    readonly article: {
      readonly helpfulCount: number;
      readonly id: string;
      readonly notHelpfulCount: number;
    };
  };
};
export type HelpfulVoteMutation = {
  response: HelpfulVoteMutation$data;
  variables: HelpfulVoteMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "articleId"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "helpful"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "articleId",
        "variableName": "articleId"
      },
      {
        "kind": "Variable",
        "name": "helpful",
        "variableName": "helpful"
      }
    ],
    "concreteType": "RateArticlePayload",
    "kind": "LinkedField",
    "name": "rateArticle",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
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
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "HelpfulVoteMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "HelpfulVoteMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "c8b060bfd1707160e6fd601c7d7dc6e63a6095c9e4f5550b9a38eade067a606e",
    "metadata": {},
    "name": "HelpfulVoteMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "9f4d6e15ca96307f8cefd55c5fe5a351";

export default node;
