/**
 * @generated SignedSource<<abbde5c02fb7e5d4b9b14298e2f839c4>>
 * @relayHash d3eeb0492f0005ec418a63d49cbaa15d
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 19f7a84a46390ad384af57e4f302e4a605a7bbc76a7693bf99dfb503b8d6aa4d

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { AuthorPageQuery } from './AuthorPageQuery.graphql';

const node: PreloadableConcreteRequest<AuthorPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "19f7a84a46390ad384af57e4f302e4a605a7bbc76a7693bf99dfb503b8d6aa4d",
    "metadata": {},
    "name": "AuthorPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
