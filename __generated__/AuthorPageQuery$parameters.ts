/**
 * @generated SignedSource<<f5f374b2aa0acd1622a188c3493fd2c6>>
 * @relayHash 47c23c5ec851c1db746145e11fc2e7b7
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 722bf2f9d803614b3012aef2bda1a6af132ad193e1a8a27f4ca6dee11d74636b

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { AuthorPageQuery } from './AuthorPageQuery.graphql';

const node: PreloadableConcreteRequest<AuthorPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "722bf2f9d803614b3012aef2bda1a6af132ad193e1a8a27f4ca6dee11d74636b",
    "metadata": {},
    "name": "AuthorPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
