/**
 * @generated SignedSource<<09f0fb2a371bb3178908a09abe8291e4>>
 * @relayHash 233a7bf55e42d3faac59b2847a226d4b
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 3ec5d2b25731ccd069a3538541d25f1606d9365a5c15c24d3a7863ba9dd6b3ea

import type { ConcreteRequest } from 'relay-runtime';
export type NewsletterSignupBlockMutation$variables = {
  email: string;
};
export type NewsletterSignupBlockMutation$data = {
  readonly subscribeToNewsletter: {
    readonly email: string;
  };
};
export type NewsletterSignupBlockMutation = {
  response: NewsletterSignupBlockMutation$data;
  variables: NewsletterSignupBlockMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "email"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "email",
        "variableName": "email"
      }
    ],
    "concreteType": "SubscribeToNewsletterPayload",
    "kind": "LinkedField",
    "name": "subscribeToNewsletter",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "email",
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
    "name": "NewsletterSignupBlockMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "NewsletterSignupBlockMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "3ec5d2b25731ccd069a3538541d25f1606d9365a5c15c24d3a7863ba9dd6b3ea",
    "metadata": {},
    "name": "NewsletterSignupBlockMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "6c8c85715f12b999cbb2418c911f8fae";

export default node;
