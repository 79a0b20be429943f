/**
 * @generated SignedSource<<84f986fb2c0099aa219721979baec577>>
 * @relayHash 61c88025f27df88b47d4407c0d18400d
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID c08dfda96883a5e1313cf843591134c9d8f9e880c522259a8b27df7756bf40bc

import type { ConcreteRequest } from 'relay-runtime';
export type useSiteTitleQuery$variables = Record<PropertyKey, never>;
export type useSiteTitleQuery$data = {
  readonly site: {
    readonly title: string;
  };
};
export type useSiteTitleQuery = {
  response: useSiteTitleQuery$data;
  variables: useSiteTitleQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "Site",
    "kind": "LinkedField",
    "name": "site",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "title",
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "useSiteTitleQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "useSiteTitleQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "id": "c08dfda96883a5e1313cf843591134c9d8f9e880c522259a8b27df7756bf40bc",
    "metadata": {},
    "name": "useSiteTitleQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "bf58416cf7ea05c64d2322c1049b6aab";

export default node;
